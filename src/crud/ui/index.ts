/**
 * The interactive API reference (Swagger UI) at `/apidocs-ui.html`. Its assets are served by this app under
 * `/apidocs-ui/`, so the page loads nothing from outside the server. `#swagger-ui/*` is the package's `imports` map:
 * the `swagger-ui-dist` package in this repository, the copies vendored into the published @scaffold-dev/crud.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";

const assets: Readonly<Record<string, { file: string; type: string }>> = {
  "swagger-ui.css": { file: "#swagger-ui/swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "#swagger-ui/swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  "favicon-32x32.png": { file: "#swagger-ui/favicon-32x32.png", type: "image/png" },
  "init.js": { file: "./init.js", type: "text/javascript; charset=utf-8" },
};

/** Everything the page may load comes from this server; Swagger UI styles elements inline and shows data: images. */
const contentSecurityPolicy =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'";

const loaded = new Map<string, Promise<Uint8Array>>();

function load(name: string, file: string): Promise<Uint8Array> {
  let contents = loaded.get(name);
  if (!contents) {
    contents = readFile(fileURLToPath(import.meta.resolve(file))).then((buffer) => new Uint8Array(buffer));
    loaded.set(name, contents);
  }
  return contents;
}

function page(specUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="apidocs-ui/swagger-ui.css">
<link rel="icon" type="image/png" href="apidocs-ui/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="apidocs-ui/swagger-ui-bundle.js"></script>
<script src="apidocs-ui/init.js" data-spec-url="${specUrl}"></script>
</body>
</html>
`;
}

/**
 * Routes of the reference UI. `specUrl` is relative to the page (e.g. `api/openapi.json`), so the UI keeps working
 * when the host app mounts everything under a prefix.
 */
export function referenceUi(specUrl: string): Hono {
  const html = page(specUrl.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`));
  const app = new Hono();
  app.get("/apidocs-ui.html", (c) => c.html(html, 200, { "Content-Security-Policy": contentSecurityPolicy }));
  app.get("/apidocs-ui/:asset", async (c) => {
    const asset = assets[c.req.param("asset")];
    if (!asset) return c.notFound();
    const body = await load(c.req.param("asset"), asset.file);
    return c.body(body as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": asset.type,
      "Cache-Control": "public, max-age=3600",
    });
  });
  return app;
}
