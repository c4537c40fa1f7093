import { describe, expect, test } from "bun:test";
import { InMemoryAttemptCounter } from "../../test/support/in-memory.ts";
import { AuthRateLimit } from "./auth-rate-limit.ts";

function limitAt(start: string, settings = { windowSeconds: 60, perAddress: 5, perAccount: 2 }) {
  let now = new Date(start);
  const counter = new InMemoryAttemptCounter();
  const tokens = { verifyRefreshToken: async (token: string) => (token === "valid" ? 7 : undefined) };
  const limit = new AuthRateLimit({ counter, tokens, settings, clock: () => now });
  return { limit, counter, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

describe("AuthRateLimit", () => {
  test("refuses past the limit until the window ends, with the seconds left (rounded up)", async () => {
    const { limit, advance } = limitAt("2025-01-01T00:00:00Z");
    expect(await limit.login("10.0.0.1", "ada@example.com")).toBeUndefined();
    advance(20_500);
    expect(await limit.login("10.0.0.1", "ada@example.com")).toBeUndefined();
    expect(await limit.login("10.0.0.1", "ada@example.com")).toEqual({ retryAfterSeconds: 40 });
    advance(39_499);
    expect(await limit.login("10.0.0.1", "ada@example.com")).toEqual({ retryAfterSeconds: 1 });
    advance(1);
    expect(await limit.login("10.0.0.1", "ada@example.com")).toBeUndefined();
  });

  test("operations are counted apart: sign-in attempts do not use up refreshes or sign-ups", async () => {
    const { limit } = limitAt("2025-01-01T00:00:00Z");
    for (let n = 0; n < 3; n++) await limit.login("10.0.0.1", "ada@example.com");
    expect(await limit.login("10.0.0.1", "ada@example.com")).toBeDefined();
    expect(await limit.register("10.0.0.1", "ada@example.com")).toBeUndefined();
    expect(await limit.refresh("10.0.0.1", "valid")).toBeUndefined();
  });

  test("a refresh token that is not validly signed counts against its address only", async () => {
    const { limit } = limitAt("2025-01-01T00:00:00Z");
    for (let n = 0; n < 5; n++) expect(await limit.refresh(`10.0.0.${n}`, "forged")).toBeUndefined();
    expect(await limit.refresh("10.0.0.1", "valid")).toBeUndefined();
    expect(await limit.refresh("10.0.0.2", "valid")).toBeUndefined();
    expect(await limit.refresh("10.0.0.3", "valid")).toEqual({ retryAfterSeconds: 60 });
  });

  test("ended windows are deleted, once per window", async () => {
    const { limit, counter, advance } = limitAt("2025-01-01T00:00:00Z");
    await limit.login("10.0.0.1", "ada@example.com");
    expect(counter.windows.size).toBe(2);
    advance(60_000);
    await limit.login("10.0.0.2", "grace@example.com");
    expect(counter.windows.size).toBe(2);
  });

  test("counts are kept as digests: no address or e-mail in the keys", async () => {
    const { limit, counter } = limitAt("2025-01-01T00:00:00Z");
    await limit.login("10.0.0.1", "ada@example.com");
    for (const key of counter.windows.keys()) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});
