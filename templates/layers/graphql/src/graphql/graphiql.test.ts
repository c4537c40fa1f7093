import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { createTestApp } from "../../test/support/test-app.ts";

const on = { GRAPHQL_INTROSPECTION: "true", SERVICE_NAME: "test-service" };

describe("GraphiQL at GET /", () => {
  test("is served compressed, with an ETag; the same ETag is answered 304 without a body", async () => {
    const { app } = createTestApp({ env: on });
    const page = await app.request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("cache-control")).toContain("max-age=");
    expect(page.headers.get("vary")).toBe("accept-encoding");
    const compressed = new Uint8Array(await page.arrayBuffer());
    const html = gunzipSync(compressed).toString("utf8");
    expect(html).toContain("<title>test-service GraphiQL</title>");
    expect(compressed.byteLength).toBeLessThan(html.length / 2);
    const etag = page.headers.get("etag") as string;
    const again = await app.request("/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  }, 30_000);

  test("is plain HTML for a client that takes no gzip; it names no other host and posts to /graphql", async () => {
    const { app } = createTestApp({ env: on });
    const page = await app.request("/");
    expect(page.headers.get("content-encoding")).toBeNull();
    const html = await page.text();
    expect(html).toContain("/graphql");
    const sources = [...html.matchAll(/(?:src|href)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/g)].map((m) => m[1]);
    expect(sources).toEqual([]);
    const policy = page.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  }, 30_000);

  test("is not there when introspection is off (production's default): 404", async () => {
    const { app } = createTestApp({ env: { APP_ENV: "production" } });
    const page = await app.request("/");
    expect(page.status).toBe(404);
    expect(((await page.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });
});
