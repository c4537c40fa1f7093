import { type Logger, pino } from "pino";
import pretty from "pino-pretty";

export type { Logger };

export interface LoggerOptions {
  appEnv: string;
  level?: string | undefined;
  service: string;
}

/**
 * `production` -> JSON at info; `development` -> human-readable at debug; anything else -> human-readable at info.
 * pino-pretty runs as an in-process stream (no worker-thread transport), so it works on Node, Bun and Deno alike.
 */
export function createLogger({ appEnv, level, service }: LoggerOptions): Logger {
  const base = { service };
  // Asynchronous writes: a request never waits for stdout (shutdown flushes, see shutdown.ts).
  if (appEnv === "production") return pino({ level: level ?? "info", base }, pino.destination({ sync: false }));
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    ignore: "pid,hostname,service",
    singleLine: true,
    sync: true,
  });
  return pino({ level: level ?? (appEnv === "development" ? "debug" : "info"), base }, stream);
}
