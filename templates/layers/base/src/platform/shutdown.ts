import type { Logger } from "./logger.ts";

/**
 * On SIGTERM or SIGINT runs the steps in order (stop the server, which lets in-flight requests finish; then close
 * the database) and exits; gives up after `timeoutMs` so a stuck connection cannot keep the process alive.
 */
export function exitGracefully(logger: Logger, steps: Array<() => Promise<void>>, timeoutMs: number): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      logger.error({ timeoutMs }, "graceful shutdown timed out");
      process.exit(1);
    }, timeoutMs);
    try {
      for (const step of steps) await step();
      clearTimeout(timer);
      logger.info("stopped");
      await new Promise<void>((flushed) => logger.flush(() => flushed()));
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "error during shutdown");
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void shutdown(signal));
}
