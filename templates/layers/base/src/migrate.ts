import { baseConfigShape, parseConfig } from "./platform/config.ts";
import { openDatabase } from "./platform/database/database.ts";
import { databaseOptions } from "./platform/database/database-options.ts";
import { loadEnvFile } from "./platform/env-file.ts";
import { createLogger } from "./platform/logger.ts";
import { applyMigrations, exitOnStartupFailure } from "./platform/startup.ts";

// Entry of `npm run db:migrate`: applies the pending migrations once and exits, for deployments that migrate before
// the new version starts (a Kubernetes Job, a release step) and run the service with MIGRATE_ON_START=false.
try {
  loadEnvFile(".env");
  // The base settings only: migrating needs the database, not the modules' settings and secrets.
  const config = parseConfig(baseConfigShape, process.env);
  const logger = createLogger({ appEnv: config.APP_ENV, level: config.LOG_LEVEL, service: config.SERVICE_NAME });
  const database = await openDatabase(config.DATABASE_URL, databaseOptions(config));
  try {
    await applyMigrations(database, logger);
  } finally {
    await database.close();
  }
  await new Promise<void>((flushed) => logger.flush(() => flushed()));
} catch (error) {
  exitOnStartupFailure(error);
}
