import { pino } from "pino";
import type { Logger } from "../../infrastructure/logger.ts";

export const REQUEST_ID_HEADER = "X-Request-Id";
/** An incoming request id is kept when it is short and plain; anything else is replaced by a new UUID. */
const VALID_ID = /^[\w\-=]{1,255}$/;

/** The caller's `X-Request-Id` when it is short and plain, else a new UUID. */
export function requestIdFor(incoming: string | null | undefined): string {
  return incoming != null && VALID_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * Whether the answer carries the request id back: when the caller sent one, and on every error (status >= 400), the
 * answers someone quotes in a report. Not on every answer: a second header takes a plain 200 off the fast paths of
 * Deno.serve and @hono/node-server, which costs a `/health` answer about 20% of its throughput there.
 */
export function sendsRequestIdBack(incoming: string | null | undefined, status: number): boolean {
  return incoming != null || status >= 400;
}

export interface LoggedRequest {
  id: string;
  method: string;
  /** The route that answered (`/api/v1/users/:id`). */
  route: string;
  path: string;
  status: number;
  /** `performance.now()` when the request came in. */
  startedAt: number;
}

/**
 * Writes the one log line of a request: method, route, path, status, duration and request id, at `info`.
 * The line is the JSON pino would write, built here: this runs on every request, where pino's generic serializer
 * costs as much as the rest of a `/health` answer. It goes to the logger's own stream (pretty-printed in
 * development), with the logger's bindings, and only while the logger is at `info` or below.
 */
export function requestLog(logger: Logger): (request: LoggedRequest) => void {
  // pino's documented symbols; its types do not declare them on Logger.
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as { write(line: string): void };
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const info = logger.levels.values.info as number;
  return ({ id, method, route, path, status, startedAt }) => {
    if (logger.levelVal > info) return;
    const durationMs = Math.round((performance.now() - startedAt) * 100) / 100;
    stream.write(
      `{"level":${info},"time":${Date.now()}${bindings},"requestId":"${id}","method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"path":${JSON.stringify(path)},"status":${status},"durationMs":${durationMs},"msg":"request"}\n`,
    );
  };
}
