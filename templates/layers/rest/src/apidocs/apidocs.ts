import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../platform/http/app-env.ts";
import { notFoundResponse } from "../platform/http/rest-envelope.ts";
import type { AnyModule } from "../platform/module.ts";
import { packageInfo } from "../platform/package-info.ts";

/** What no single operation can say: the error body, and the answers to requests no operation takes. */
const description = [
  'Every error answer is `{ status: "error", error: { code, message, details? } }` (the `Error` schema).',
  "A query parameter the operation does not list is a 400 `VALIDATION_ERROR`.",
  "Besides the answers each operation lists: a path no route has is a 404 `NOT_FOUND` (`components.responses.NotFound`);",
  "a method the path has no route for is a 405 `METHOD_NOT_ALLOWED` with an `Allow` header listing the path's methods;",
  "an unexpected failure is a 500 `INTERNAL_ERROR`.",
].join(" ");

/** package.json's `license`: an SPDX identifier, or `UNLICENSED` (npm's word for: no license is granted). */
const licenseOf = (license: string) =>
  license === "UNLICENSED"
    ? { name: "Proprietary (UNLICENSED)", identifier: "LicenseRef-UNLICENSED" }
    : { name: license, identifier: license };

/** package.json's `author`, as an object or in npm's `Name <e-mail> (url)` form. */
function contactOf(author: NonNullable<typeof packageInfo.author>) {
  if (typeof author !== "string") return author;
  const [, name = author, email, url] = /^(.*?)\s*(?:<([^>]+)>)?\s*(?:\(([^)]+)\))?$/.exec(author.trim()) ?? [];
  return { name, ...(email && { email }), ...(url && { url }) };
}

const info = {
  title: packageInfo.name,
  version: packageInfo.version,
  description,
  // Left out when package.json has none (the linters then say so).
  ...(packageInfo.license && { license: licenseOf(packageInfo.license) }),
  ...(packageInfo.author && { contact: contactOf(packageInfo.author) }),
};

// The probes are the platform's, not a module's.
const healthTag = {
  name: "health",
  description: "Liveness and readiness probes, for orchestrators and load balancers",
};

/** Everything the document says besides its operations; `servers` is relative: the host that serves the document. */
const documentConfig = (modules: readonly AnyModule[]) => ({
  openapi: "3.1.0",
  info,
  servers: [{ url: "/", description: "This service" }],
  tags: [healthTag, ...modules.flatMap((module) => module.tags ?? [])],
});

/** The OpenAPI document of an app built by `createApp` (which mounted the docs) from `modules`. */
export function openApiDocument(app: OpenAPIHono<AppEnv>, modules: readonly AnyModule[]) {
  return app.getOpenAPI31Document(documentConfig(modules));
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

/** `GET /apidocs` (Swagger UI), its assets, and `GET /apidocs/openapi.json` with the modules' security schemes and tags. */
export function mountApiDocs(app: OpenAPIHono<AppEnv>, modules: readonly AnyModule[]): void {
  for (const module of modules) {
    for (const [name, scheme] of Object.entries(module.securitySchemes ?? {})) {
      app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
    }
  }
  app.openAPIRegistry.registerComponent("responses", "NotFound", notFoundResponse);
  app.doc31("/apidocs/openapi.json", documentConfig(modules));
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
