import type { Logger } from "./logger.ts";

export interface GracefulExit {
  /** Aborted as soon as a signal arrives: readiness answers 503 from then on. */
  draining: AbortController;
  /**
   * After SIGTERM, how long the service keeps serving before it stops accepting connections: a load balancer routes
   * here until it has seen the failing readiness or the orchestrator has removed the endpoint. SIGINT (Ctrl+C in a
   * terminal) does not wait.
   */
  delayMs: number;
  /** Bounds the steps once the delay is over, so a stuck connection cannot keep the process alive. */
  timeoutMs: number;
  /** Run in order: stop the server (it lets in-flight requests finish), then close what the service opened. */
  steps: Array<() => Promise<void>>;
}

/** On SIGTERM or SIGINT: fail readiness, keep serving for the delay, run the steps and exit. */
export function exitGracefully(logger: Logger, { draining, delayMs, timeoutMs, steps }: GracefulExit): void {
  const shutdown = async (signal: NodeJS.Signals) => {
    if (draining.signal.aborted) return;
    draining.abort();
    const delay = signal === "SIGTERM" ? delayMs : 0;
    logger.info({ signal, delayMs: delay }, "shutting down");
    if (delay > 0) await new Promise((resume) => setTimeout(resume, delay));
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
