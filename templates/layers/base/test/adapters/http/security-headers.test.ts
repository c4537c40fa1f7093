import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { securityHeaders } from "../../../src/adapters/http/middleware/security-headers.ts";
import { withImmutableHeaders } from "../../support/immutable-headers.ts";

function secureApp() {
  const app = new Hono();
  app.use(securityHeaders());
  app.get("/data", (c) => c.json({ token: "secret" }));
  app.get("/page", (c) =>
    c.html("<p>hi</p>", 200, {
      "cache-control": "public, max-age=60",
      "content-security-policy": "default-src 'self'",
    }),
  );
  app.get("/embeddable", (c) => c.text("widget", 200, { "x-frame-options": "SAMEORIGIN" }));
  app.get("/moved", () => withImmutableHeaders(Response.redirect("http://localhost/data", 301)));
  return app;
}

describe("security headers", () => {
  test("every answer: no sniffing, no referrer, no framing, not stored by caches, nothing loaded by default", async () => {
    const res = await secureApp().request("/data");
    expect(res.status).toBe(200);
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

  test("an answer's own value of any of them is kept (one rule on every runtime; Node.js answers keep them anyway)", async () => {
    const res = await secureApp().request("/embeddable");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("answers with immutable headers get them too", async () => {
    const res = await secureApp().request("/moved");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("http://localhost/data");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
