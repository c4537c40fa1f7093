import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { Logger } from "../../../infrastructure/logger.ts";
import type { AppEnv } from "../app-env.ts";

/** One log line per request: method, matched route, status, duration and request id. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get("requestId"),
        method: c.req.method,
        route: routePath(c, -1),
        path: c.req.path,
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      },
      "request",
    );
  };
}
