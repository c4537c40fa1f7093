import { pino } from "pino";
import { createApp } from "../../src/app.ts";
import { modules } from "../../src/modules/index.ts";
import { createContainer, loadConfig } from "../../src/modules/module.ts";
import { InMemoryUserRepository } from "./in-memory-users.ts";

/**
 * The real app, built from the service's own module list over in-memory adapters: handler tests go through
 * `app.request()` without a socket or database.
 */
export function createTestApp(options: { pingDatabase?: () => Promise<void> } = {}) {
  const users = new InMemoryUserRepository();
  const config = loadConfig(modules, {});
  const logger = pino({ level: "silent" });
  const container = createContainer(modules, { config, logger, adapters: { users } });
  const app = createApp({
    container,
    logger,
    service: "test-service",
    exposeErrors: false,
    pingDatabase: options.pingDatabase ?? (async () => {}),
  });
  return { app, users };
}

export { call, type Json } from "./call.ts";

export type TestApp = ReturnType<typeof createTestApp>["app"];
