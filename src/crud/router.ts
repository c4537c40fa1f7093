/** The Hono router of one generated resource: generated methods, 405 + Allow for the others, user extensions first. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorResponse, failure, HttpError } from "./errors.ts";
import { extensionRouter } from "./extend.ts";
import { getRow, listRows } from "./handlers/read.ts";
import { deleteRow, restoreRow } from "./handlers/remove.ts";
import { createRow, patchRow, putRow } from "./handlers/write.ts";
import type { ResourceState } from "./state.ts";

type Handler = (state: ResourceState, c: Context) => Promise<Response>;

function mount(
  router: OpenAPIHono,
  path: string,
  state: ResourceState,
  routes: readonly [string, Handler | false][],
): void {
  const generated = routes.filter((route): route is [string, Handler] => route[1] !== false);
  if (generated.length === 0) return;
  for (const [method, handler] of generated) {
    router.on(method, path, (c) =>
      handler(state, c).catch((error: unknown) => failure(c, error, state.settings.onError)),
    );
  }
  const allow = generated.map(([method]) => method).join(", ");
  router.all(path, (c) =>
    errorResponse(c, new HttpError(405, `Method ${c.req.method} not allowed`, undefined, { Allow: allow })),
  );
}

/** The generated routes after the `extend` ones; the router's OpenAPI registry holds the documented `extend` routes. */
export function resourceRouter(state: ResourceState): OpenAPIHono {
  const { model } = state;
  const router = extensionRouter();
  model.resource.options.extend?.(router, { path: model.fullPath });
  const can = (operation: Parameters<typeof model.operations.has>[0]) => model.operations.has(operation);
  mount(router, "/", state, [
    ["GET", can("list") && listRows],
    ["POST", can("create") && createRow],
  ]);
  mount(router, "/:id", state, [
    ["GET", can("get") && getRow],
    ["PUT", can("update") && putRow],
    ["PATCH", can("patch") && patchRow],
    ["DELETE", can("delete") && deleteRow],
  ]);
  mount(router, "/:id/restore", state, [["POST", can("delete") && model.softDelete && restoreRow]]);
  return router;
}
