import { type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger };

export interface LoggerOptions {
  appEnv: string;
  level?: string | undefined;
  service: string;
  /** Fields added to every line, the request lines included (pino's `mixin`; e.g. the active trace's ids). */
  mixin?: (() => object) | undefined;
}

/**
 * `production` -> JSON at info; `development` -> human-readable at debug; anything else -> human-readable at info.
 * pino-pretty runs as an in-process stream (no worker-thread transport), so it works on Node, Bun and Deno alike.
 */
export function createLogger({ appEnv, level, service, mixin }: LoggerOptions): Logger {
  const options = { base: { service }, ...(mixin && { mixin }) };
  if (appEnv === "production") {
    // Asynchronous writes to stdout; pino writes what is pending when the process exits (shutdown.ts flushes first).
    return pino({ ...options, level: level ?? "info" }, pino.destination({ dest: 1, sync: false }));
  }
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    ignore: "pid,hostname,service",
    singleLine: true,
    sync: true,
  });
  return pino({ ...options, level: level ?? (appEnv === "development" ? "debug" : "info") }, stream);
}
