import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.ts";
import { ALIVE } from "./health.routes.ts";
import { type LoggedRequest, REQUEST_ID_HEADER, requestIdFor, sendsRequestIdBack } from "./request-log.ts";
import { withResponseHeader } from "./response-header.ts";

export interface Probes {
  /** An app holding only the health routes; it answers the probes that check something (readiness). */
  routes: OpenAPIHono<AppEnv>;
  /** The probe paths whose answer is always {@link ALIVE}: built here, without routing them. */
  alive: readonly string[];
}

/**
 * Makes `app` answer `GET` on the probe paths before Hono matches them against `app`'s middleware: the liveness
 * probes with {@link ALIVE} at once, the others from `routes`. Orchestrators call probes every few seconds on
 * every replica, and a probe needs none of that middleware (no body, no secrets); what every request gets, it keeps:
 * its request id (the caller's, sent back, or a new one, sent back on an error) and its log line.
 *
 * Why: a route with middleware in front of it is answered through Hono's middleware chain, a promise per handler,
 * even when the handler answers at once. A route with one handler and nothing else is answered synchronously, and
 * `Deno.serve`, `Bun.serve` and @hono/node-server send a synchronous answer without a turn of the event loop: a
 * sixth of a `/health` answer's CPU on Deno and Bun. A liveness answer is a constant, and building it here rather
 * than routing it saves Deno another tenth (docs/testing.md). Everything else, `HEAD` and other methods on the probe
 * paths included, goes to `app` as before.
 *
 * Only for an app whose modules add no middleware in front of every route: metrics and tracing must see the probes.
 */
export function answerProbesFirst(
  app: OpenAPIHono<AppEnv>,
  { routes, alive }: Probes,
  log: (request: LoggedRequest) => void,
): void {
  const paths = new Set(routes.routes.filter((route) => route.method === "GET").map((route) => route.path));
  const unknown = alive.filter((path) => !paths.has(path));
  if (unknown.length > 0) throw new Error(`answerProbesFirst: no GET route for ${unknown.join(", ")}`);
  const alivePaths = new Set(alive);
  const aliveBody = JSON.stringify(ALIVE);
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    if (request.method !== "GET") return dispatch(request, env, executionCtx);
    const path = app.getPath(request, { env });
    if (!paths.has(path)) return dispatch(request, env, executionCtx);
    const startedAt = performance.now();
    const incoming = request.headers.get(REQUEST_ID_HEADER);
    const id = requestIdFor(incoming);
    const finish = (res: Response) => {
      const answer = sendsRequestIdBack(incoming, res.status) ? withResponseHeader(res, REQUEST_ID_HEADER, id) : res;
      log({ id, method: "GET", route: path, path, status: answer.status, startedAt });
      return answer;
    };
    const res = alivePaths.has(path)
      ? new Response(aliveBody, { headers: { "content-type": "application/json" } })
      : routes.fetch(request, env, executionCtx);
    return res instanceof Response ? finish(res) : res.then(finish);
  };
}
