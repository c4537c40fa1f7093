import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { pino } from "pino";
import type { Logger } from "../../../infrastructure/logger.ts";
import type { AppEnv } from "../app-env.ts";
import { setResponseHeader } from "../response-header.ts";

const HEADER = "X-Request-Id";
/** An incoming request id is kept when it is short and plain; anything else is replaced by a new UUID. */
const VALID_ID = /^[\w\-=]{1,255}$/;

/**
 * The request id (the caller's `X-Request-Id` or a new UUID; in `c.get("requestId")`), then one log line per request:
 * method, matched route, path, status, duration and request id.
 * The id goes back in the answer's `X-Request-Id` when the caller sent one and on every error (status >= 400), the
 * answers someone quotes in a report. Not on every answer: a second header takes a plain 200 off the fast paths of
 * Deno.serve and @hono/node-server, which costs a `/health` answer about 20% of its throughput there.
 * The line is the JSON pino would write, built here: this runs on every request, where pino's generic serializer
 * costs as much as the rest of a `/health` answer. It goes to the logger's own stream (pretty-printed in
 * development), with the logger's bindings, and only when the logger is at `info` or below.
 */
/**
 * The route of the endpoint that answered: the last matched route that is not middleware (`use` registers method
 * ALL). Middleware added after an endpoint also matches its path (app.ts answers /health before such middleware), so
 * the last match alone is not it. Unknown paths have no endpoint: their line names the catch-all middleware route.
 */
function answeringRoute(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) {
    const route = routes[i] as (typeof routes)[number];
    if (route.method !== "ALL") return route.path;
  }
  return routes.at(-1)?.path ?? "";
}

export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  // pino's documented symbols; its types do not declare them on Logger.
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): void };
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const info = logger.levels.values.info as number;
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header(HEADER);
    const id = incoming !== undefined && VALID_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", id);
    await next();
    if (incoming !== undefined || c.res.status >= 400) setResponseHeader(c, HEADER, id);
    if (logger.levelVal > info) return;
    const durationMs = Math.round((performance.now() - started) * 100) / 100;
    stream.write(
      `{"level":${info},"time":${Date.now()}${bindings},"requestId":"${id}","method":${JSON.stringify(c.req.method)},"route":${JSON.stringify(answeringRoute(c))},"path":${JSON.stringify(c.req.path)},"status":${c.res.status},"durationMs":${durationMs},"msg":"request"}\n`,
    );
  };
}
