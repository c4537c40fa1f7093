import { writeFileSync } from "node:fs";
import { openApiDocument } from "./apidocs/apidocs.ts";
import { createApp } from "./app.ts";
import { modules } from "./modules.ts";
import { offlineDatabase } from "./platform/database/offline-database.ts";
import { loadEnvFile } from "./platform/env-file.ts";
import { createLogger } from "./platform/logger.ts";
import { createContainer, loadConfig } from "./platform/module.ts";

// Writes the OpenAPI document to a file (default openapi.json) without a database: the repositories prepare their
// queries, nothing runs them.
loadEnvFile(".env");
const config = loadConfig(modules, process.env);
const logger = createLogger({ appEnv: config.APP_ENV, level: "silent", service: config.SERVICE_NAME });
const container = createContainer(modules, { config, db: await offlineDatabase(), logger });
const app = createApp({
  container,
  logger,
  service: config.SERVICE_NAME,
  exposeErrors: false,
  pingDatabase: async () => {},
});
const target = process.argv[2] ?? "openapi.json";
writeFileSync(target, `${JSON.stringify(openApiDocument(app, modules), null, 2)}\n`);
console.log(`wrote ${target}`);
