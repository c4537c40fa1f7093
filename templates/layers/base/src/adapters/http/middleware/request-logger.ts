import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "../../../infrastructure/logger.ts";
import type { AppEnv } from "../app-env.ts";
import { REQUEST_ID_HEADER, requestIdFor, requestLog, sendsRequestIdBack } from "../request-log.ts";
import { setResponseHeader } from "../response-header.ts";

/**
 * The route of the endpoint that answered: the last matched route that is not middleware (`use` registers method
 * ALL). Middleware added after an endpoint also matches its path, so the last match alone is not it. Unknown paths
 * have no endpoint: their line names the catch-all middleware route.
 */
function answeringRoute(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i] as (typeof routes)[number];
    if (route.method !== "ALL") return route.path;
  }
  return routes.at(-1)?.path ?? "";
}

/**
 * The request id (the caller's `X-Request-Id` or a new UUID; in `c.get("requestId")`, sent back as
 * `sendsRequestIdBack` says), then one log line per request (request-log.ts).
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  const log = requestLog(logger);
  return async (c, next) => {
    const startedAt = performance.now();
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = requestIdFor(incoming);
    c.set("requestId", id);
    await next();
    if (sendsRequestIdBack(incoming, c.res.status)) setResponseHeader(c, REQUEST_ID_HEADER, id);
    log({ id, method: c.req.method, route: answeringRoute(c), path: c.req.path, status: c.res.status, startedAt });
  };
}
