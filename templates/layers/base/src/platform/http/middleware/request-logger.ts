import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Logger } from "../../logger.ts";
import type { AppEnv } from "../app-env.ts";

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
 * One `info` line per request once it is answered: request id (set by hono/request-id in front of this), method,
 * route, path, status and duration. Written by `logger`, so its level, redaction, mixin and destination apply.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const startedAt = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        route: answeringRoute(c),
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - startedAt) * 100) / 100,
      },
      "request",
    );
  };
}
