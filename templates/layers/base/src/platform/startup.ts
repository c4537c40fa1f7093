import { ConfigError } from "./config.ts";
import type { DatabaseHandle } from "./database/database-handle.ts";
import type { Logger } from "./logger.ts";

/** Applies the migrations that have not run yet (the database layer's lock makes concurrent instances take turns). */
export async function applyMigrations(database: DatabaseHandle<unknown>, logger: Logger): Promise<void> {
  const started = performance.now();
  await database.migrate();
  logger.info({ durationMs: Math.round(performance.now() - started) }, "migrations applied");
}

/** Ends a start-up that failed, with exit code 1: a configuration error as its one line, anything else whole. */
export function exitOnStartupFailure(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
