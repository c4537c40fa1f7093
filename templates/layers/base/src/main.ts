import { createApp } from "./app.ts";
import { modules } from "./modules.ts";
import { openDatabase } from "./platform/database/database.ts";
import { databaseOptions } from "./platform/database/database-options.ts";
import { loadEnvFile } from "./platform/env-file.ts";
import { createLogger } from "./platform/logger.ts";
import { createContainer, loadConfig, logMixin, moduleStops, startModules } from "./platform/module.ts";
import { startServer } from "./platform/server.ts";
import { exitGracefully } from "./platform/shutdown.ts";
import { applyMigrations, exitOnStartupFailure } from "./platform/startup.ts";

// Entry: config -> logger -> modules' start -> database (+ migrations) -> composition root -> serve.
try {
  loadEnvFile(".env");
  const config = loadConfig(modules, process.env);
  const logger = createLogger({
    appEnv: config.APP_ENV,
    level: config.LOG_LEVEL,
    service: config.SERVICE_NAME,
    mixin: logMixin(modules),
  });
  await startModules(modules, { config, logger });
  const database = await openDatabase(config.DATABASE_URL, databaseOptions(config));
  if (config.MIGRATE_ON_START) await applyMigrations(database, logger);
  else logger.info("MIGRATE_ON_START=false: migrations are not applied at start-up (npm run db:migrate applies them)");
  const container = createContainer(modules, { config, db: database.db, logger });
  // Aborted by the first SIGTERM or SIGINT: from then on readiness answers 503 while the service drains.
  const draining = new AbortController();
  const app = createApp({
    container,
    logger,
    service: config.SERVICE_NAME,
    exposeErrors: config.APP_ENV === "development",
    pingDatabase: database.ping,
    draining: draining.signal,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
  });
  const server = await startServer(app.fetch, config.PORT);
  const { port, runtime, version } = server;
  logger.info({ port, runtime, runtimeVersion: version, appEnv: config.APP_ENV }, "listening");
  exitGracefully(logger, {
    draining,
    delayMs: config.SHUTDOWN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    steps: [server.stop, ...moduleStops(modules), database.close],
  });
} catch (error) {
  exitOnStartupFailure(error);
}
