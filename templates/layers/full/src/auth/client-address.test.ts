import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { clientAddress } from "./client-address.ts";

/** The address `clientAddress` finds for a request with these server bindings and X-Forwarded-For. */
async function found(hops: number, env: object, forwardedFor?: string) {
  const app = new Hono().get("/", (c) => c.text(clientAddress(c, hops) ?? "(none)"));
  const headers: Record<string, string> = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
  return (await app.request("/", { headers }, env)).text();
}

const node = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

describe("clientAddress", () => {
  test("the socket's peer on Node.js, Bun and Deno", async () => {
    expect(await found(0, node("192.0.2.1"))).toBe("192.0.2.1");
    expect(await found(0, { requestIP: () => ({ address: "192.0.2.2" }) })).toBe("192.0.2.2");
    expect(await found(0, { remoteAddr: { hostname: "192.0.2.3" } })).toBe("192.0.2.3");
    expect(await found(0, {})).toBe("(none)");
  });

  test("with no trusted proxy X-Forwarded-For is ignored", async () => {
    expect(await found(0, node("192.0.2.1"), "203.0.113.5")).toBe("192.0.2.1");
  });

  test("with trusted proxies: the entry that many from the right; the socket when the header is short", async () => {
    expect(await found(1, node("10.0.0.1"), "198.51.100.1, 203.0.113.5")).toBe("203.0.113.5");
    expect(await found(2, node("10.0.0.1"), "198.51.100.1, 203.0.113.5, 10.0.0.2")).toBe("203.0.113.5");
    expect(await found(2, node("10.0.0.1"), "203.0.113.5")).toBe("10.0.0.1");
    expect(await found(1, node("10.0.0.1"))).toBe("10.0.0.1");
  });

  test("an IPv4-mapped address is its IPv4 address; IPv6 addresses count by their /64", async () => {
    expect(await found(0, node("::ffff:192.0.2.1"))).toBe("192.0.2.1");
    expect(await found(0, node("2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1:2::/64");
    expect(await found(0, node("2001:DB8::7"))).toBe("2001:db8:0:0::/64");
    expect(await found(0, node("::1"))).toBe("0:0:0:0::/64");
  });
});
