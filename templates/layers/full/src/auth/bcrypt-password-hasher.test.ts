import { describe, expect, test } from "bun:test";
import { compareSync, hashSync } from "bcryptjs";
import { BcryptPasswordHasher } from "./bcrypt-password-hasher.ts";

describe("BcryptPasswordHasher (worker threads)", () => {
  test("hashes are bcrypt: they verify here and with bcryptjs, and hashes made before verify here", async () => {
    const hasher = new BcryptPasswordHasher({ rounds: 4, workers: 2, queueMax: 10 });
    const hash = await hasher.hash("correct horse");
    expect(hash).toMatch(/^\$2b\$04\$/);
    expect(compareSync("correct horse", hash)).toBe(true);
    expect(await hasher.verify("correct horse", hash)).toBe(true);
    expect(await hasher.verify("wrong horse", hash)).toBe(false);
    expect(await hasher.verify("stored before", hashSync("stored before", 4))).toBe(true);
  });

  test("the event loop keeps answering while passwords are hashed", async () => {
    const hasher = new BcryptPasswordHasher({ rounds: 10, workers: 1, queueMax: 10 });
    await hasher.hash("warm up");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    await Promise.all([hasher.hash("one"), hasher.hash("two"), hasher.hash("three")]);
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    // On the event loop, three hashes would leave no turn for the timer until they were done.
    expect(ticks).toBeGreaterThan(elapsed / 10 / 3);
  });

  test("beyond the queue's bound a job is refused as SERVICE_BUSY with a time to come back", async () => {
    const hasher = new BcryptPasswordHasher({ rounds: 8, workers: 1, queueMax: 2 });
    // One on the worker, two waiting: the fourth is refused at once, and the others still get their hash.
    const jobs = ["a", "b", "c", "d"].map((password) => hasher.hash(password).catch((error: unknown) => error));
    const [first, second, third, fourth] = await Promise.all(jobs);
    expect([first, second, third].every((hash) => typeof hash === "string")).toBe(true);
    expect(fourth).toMatchObject({ code: "SERVICE_BUSY", retryAfterSeconds: 1 });
  });
});
