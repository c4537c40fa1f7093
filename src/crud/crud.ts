/** `crud(options)`: builds the models once and returns a Hono app serving every resource under the base path. */
import { Hono } from "hono";
import { reportToConsole } from "./errors.ts";
import { buildModels, normalizePath } from "./model.ts";
import { notFoundUnderBasePath } from "./not-found.ts";
import { type DocumentedRouter, isOpenApiRouter } from "./openapi/extensions.ts";
import { openApiRoutes } from "./openapi/index.ts";
import { resourceRouter } from "./router.ts";
import { resourceState, selectionCache } from "./state.ts";
import type { CrudOptions, PagingOptions } from "./types.ts";

export const defaultPaging: Required<PagingOptions> = {
  pageParam: "page",
  sizeParam: "size",
  sortParam: "sort",
  oneIndexed: false,
  defaultSize: 20,
  maxSize: 100,
};

/**
 * Mount the result on the host app: `app.route("/", crud({ db, resources }))`. Throws at start-up on an inconsistent
 * resource (missing soft-delete/audit column, bad filter, unknown field option…), naming resource and column.
 */
export function crud(options: CrudOptions): Hono {
  const app = new Hono();
  if (options.enabled === false) return app;
  const basePath = normalizePath(options.basePath ?? "/api");
  const paging = { ...defaultPaging, ...options.paging };
  const models = buildModels(options.resources, {
    basePath,
    paging,
    deleteResponse: options.deleteResponse ?? "NO_CONTENT",
    auth: options.auth,
    strictQuery: options.strictQuery,
  });
  const settings = { db: options.db, auth: options.auth, paging, onError: options.onError ?? reportToConsole };
  const selections = selectionCache();
  const routers: DocumentedRouter[] = [];
  for (const model of models) {
    const replacement = model.resource.options.router;
    const router =
      replacement ?? (model.expose !== "CUSTOM" && resourceRouter(resourceState(model, settings, selections)));
    if (!router) continue;
    app.route(model.fullPath, router);
    if (isOpenApiRouter(router)) routers.push({ path: model.fullPath, router });
  }
  app.route("/", openApiRoutes(models, { basePath, paging, routers, ...options.openapi }));
  // Last, so it only answers what no route above did; without a base path, only under the resource paths.
  for (const prefix of basePath ? [basePath] : models.map((m) => m.fullPath)) {
    app.all(prefix, notFoundUnderBasePath);
    app.all(`${prefix}/*`, notFoundUnderBasePath);
  }
  return app;
}
