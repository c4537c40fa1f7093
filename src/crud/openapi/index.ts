/**
 * OpenAPI routes of `crud()`: the document at `<basePath>/openapi.json` and the reference UI at `/apidocs-ui.html`.
 * `crud()` mounts this app at `/`, so both are relative to wherever the host mounts the crud app.
 */
import { Hono } from "hono";
import type { ResourceModel } from "../model.ts";
import { referenceUi } from "../ui/index.ts";
import { type DocumentOptions, openApiDocument } from "./document.ts";

export interface OpenApiOptions extends DocumentOptions {
  /** Normalized base path (`/api`, or the empty string). */
  readonly basePath: string;
}

export function openApiRoutes(models: readonly ResourceModel[], options: OpenApiOptions): Hono {
  const app = new Hono();
  const documentPath = `${options.basePath}/openapi.json`;
  // Built once at start-up, so a model the converter cannot describe fails early.
  const document = JSON.stringify(openApiDocument(models, options));
  app.get(documentPath, (c) => c.body(document, 200, { "Content-Type": "application/json" }));
  app.route("/", referenceUi(documentPath.slice(1)));
  return app;
}
