import { writeFileSync } from "node:fs";
import { openApiDocument } from "./adapters/http/apidocs.ts";
import type { AppDatabase } from "./adapters/persistence/dialect.ts";
import { apiInfo, createApp } from "./app.ts";
import { loadConfig } from "./infrastructure/app-config.ts";
import { loadEnvFile } from "./infrastructure/env-file.ts";
import { createLogger } from "./infrastructure/logger.ts";
import { modules } from "./modules/index.ts";
import { createContainer } from "./modules/module.ts";

// Writes the OpenAPI document to a file (default openapi.json) without a database: building the routes never queries.
const offline = new Proxy({} as AppDatabase, {
  get() {
    throw new Error("the OpenAPI export must not touch the database");
  },
});
loadEnvFile(".env");
const config = loadConfig(process.env);
const logger = createLogger({ appEnv: config.APP_ENV, level: "silent", service: config.SERVICE_NAME });
const container = createContainer(modules, { config, db: offline, logger });
const app = createApp({
  container,
  logger,
  service: config.SERVICE_NAME,
  exposeErrors: false,
  pingDatabase: async () => {},
});
const target = process.argv[2] ?? "openapi.json";
writeFileSync(target, `${JSON.stringify(openApiDocument(app, apiInfo), null, 2)}\n`);
console.log(`wrote ${target}`);
