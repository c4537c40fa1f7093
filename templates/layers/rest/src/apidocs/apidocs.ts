import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../platform/http/app-env.ts";
import { routingResponses } from "../platform/http/rest-envelope.ts";
import type { SecurityScheme } from "../platform/module.ts";
import { packageInfo } from "../platform/package-info.ts";

// A type alias (not an interface) so it fits OpenAPI's InfoObject with its `x-` index signature.
export type ApiInfo = { title: string; version: string };

/** The document's title and version: the package's. */
export const apiInfo: ApiInfo = { title: packageInfo.name, version: packageInfo.version };

/** What no single operation can say: the error body, and the answers to requests no operation takes. */
const description = [
  'Every error answer is `{ status: "error", error: { code, message, details? } }` (the `Error` schema).',
  "Besides the answers each operation lists: a path no route has is a 404 `NOT_FOUND` (`components.responses.NotFound`);",
  "a method the path has no route for is a 405 `METHOD_NOT_ALLOWED` with an `Allow` header",
  "(`components.responses.MethodNotAllowed`); an unexpected failure is a 500 `INTERNAL_ERROR`.",
].join(" ");

const documentConfig = (info: ApiInfo) => ({ openapi: "3.1.0", info: { ...info, description } });

/** The OpenAPI document of an app built by `createApp` (which mounted the docs). */
export function openApiDocument(app: OpenAPIHono<AppEnv>, info: ApiInfo) {
  return app.getOpenAPI31Document(documentConfig(info));
}

// Swagger UI's files come from the swagger-ui-dist package and are served by the service itself (no CDN).
const assetTypes = { "swagger-ui.css": "text/css", "swagger-ui-bundle.js": "text/javascript" } as const;
type Asset = keyof typeof assetTypes;
const assetDir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const assets = new Map<Asset, string>();
const readAsset = (name: Asset) =>
  assets.get(name) ?? assets.set(name, readFileSync(join(assetDir, name), "utf8")).get(name);

// Started from a file rather than an inline script, so the page's policy can refuse every inline script.
const initializer = `window.ui = SwaggerUIBundle({ url: "/apidocs/openapi.json", dom_id: "#swagger-ui", persistAuthorization: true, validatorUrl: null });
`;

/**
 * The page's Content-Security-Policy: scripts, styles and the document only from the service itself (Swagger UI draws
 * its icons from data: URLs); no inline script, no framing.
 */
const pagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} API reference</title>
<link rel="stylesheet" href="/apidocs/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/apidocs/swagger-ui-bundle.js"></script>
<script src="/apidocs/swagger-initializer.js"></script>
</body>
</html>
`;

const cached = "public, max-age=86400";

/** `GET /apidocs` (Swagger UI), its assets, and `GET /apidocs/openapi.json` with the modules' security schemes. */
export function mountApiDocs(
  app: OpenAPIHono<AppEnv>,
  info: ApiInfo,
  securitySchemes: Record<string, SecurityScheme>,
): void {
  for (const [name, scheme] of Object.entries(securitySchemes)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  for (const [name, response] of Object.entries(routingResponses)) {
    app.openAPIRegistry.registerComponent("responses", name, response);
  }
  app.doc31("/apidocs/openapi.json", documentConfig(info));
  app.get("/apidocs", (c) => c.html(page(info.title), 200, { "content-security-policy": pagePolicy }));
  app.get("/apidocs/swagger-initializer.js", (c) =>
    c.body(initializer, 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": cached }),
  );
  for (const name of Object.keys(assetTypes) as Asset[]) {
    app.get(`/apidocs/${name}`, (c) =>
      c.body(readAsset(name) ?? "", 200, {
        "content-type": `${assetTypes[name]}; charset=utf-8`,
        "cache-control": cached,
      }),
    );
  }
}
