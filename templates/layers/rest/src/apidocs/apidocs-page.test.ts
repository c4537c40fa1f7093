import { describe, expect, test } from "bun:test";
import { createRouter } from "../platform/http/router.ts";
import { mountApiDocs } from "./apidocs.ts";

function docsApp() {
  const app = createRouter();
  mountApiDocs(app, []);
  return app;
}

describe("API reference page", () => {
  test("has a Content-Security-Policy that allows only the service's own scripts and no framing", async () => {
    const res = await docsApp().request("/apidocs");
    const policy = res.headers.get("content-security-policy") ?? "";
    const directives = new Map(policy.split(/;\s*/).map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
    expect(directives.get("default-src")).toBe("'none'");
    expect(directives.get("script-src")).toBe("'self'");
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
  });

  test("runs no inline script: every script is a file the service serves", async () => {
    const app = docsApp();
    const page = await (await app.request("/apidocs")).text();
    const scripts = [...page.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body?.trim()).toBe("");
      const src = /src="([^"]+)"/.exec(attributes ?? "")?.[1] as string;
      const script = await app.request(src);
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toContain("javascript");
    }
  });
});
