import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { securityHeaders } from "./security-headers.ts";

function secureApp() {
  const app = new Hono();
  app.use(...securityHeaders());
  app.get("/data", (c) => c.json({ token: "secret" }));
  app.get("/page", (c) =>
    c.html("<p>hi</p>", 200, {
      "cache-control": "public, max-age=60",
      "content-security-policy": "default-src 'self'",
    }),
  );
  app.get("/embeddable", (c) => c.text("widget", 200, { "x-frame-options": "SAMEORIGIN" }));
  return app;
}

describe("security headers", () => {
  test("every answer: no sniffing, no referrer, no framing, not stored by caches, nothing loaded by default", async () => {
    const res = await secureApp().request("/data");
    expect(res.status).toBe(200);
    // These and no other header of hono/secure-headers' defaults.
    expect([...res.headers.keys()].sort()).toEqual([
      "cache-control",
      "content-security-policy",
      "content-type",
      "referrer-policy",
      "x-content-type-options",
      "x-frame-options",
    ]);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test("an answer's own Cache-Control and Content-Security-Policy are kept", async () => {
    const res = await secureApp().request("/page");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  test("an answer's own value of any of them is kept", async () => {
    const res = await secureApp().request("/embeddable");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
