import { type Logger, pino } from "pino";
import pretty from "pino-pretty";
import { batchedDestination } from "./log-destination.ts";

export type { Logger };

interface ByteStream {
  write(bytes: Uint8Array): boolean;
}

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
  if (appEnv === "production") {
    // Synchronous writes to stdout (pino's sonic-boom retries when the pipe is full), batched per event-loop turn;
    // whatever is pending when the process exits (normally or by process.exit; not when killed) is written then.
    // Each batch is encoded once, here: given a string, sonic-boom measures and encodes it twice more, and on Deno
    // that measuring (Buffer.byteLength) is a loop in JavaScript. Its types declare only the string form of `write`.
    const stdout = pino.destination({ fd: 1, sync: true, contentMode: "buffer" }) as unknown as ByteStream;
    const encoder = new TextEncoder();
    const destination = batchedDestination((chunk) => stdout.write(encoder.encode(chunk)));
    process.on("exit", destination.flushSync);
    return pino({ level: level ?? "info", base }, destination);
  }
  const stream = pretty({
    colorize: Boolean(process.stdout.isTTY),
    ignore: "pid,hostname,service",
    singleLine: true,
    sync: true,
  });
  return pino({ level: level ?? (appEnv === "development" ? "debug" : "info"), base }, stream);
}
