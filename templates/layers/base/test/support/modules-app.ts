import { pino } from "pino";
import { createApp } from "../../src/app.ts";
import { modules } from "../../src/modules.ts";
import type { Logger } from "../../src/platform/logger.ts";
import { type AdaptersOf, createContainer, loadConfig } from "../../src/platform/module.ts";

/**
 * The real app, built from the service's own module list over the adapters a test passes (in-memory ones): handler
 * tests go through `app.request()` without a socket or database.
 */
export function appFromModules(
  adapters: AdaptersOf<typeof modules>,
  options: { env?: Record<string, string>; pingDatabase?: () => Promise<void>; logger?: Logger } = {},
) {
  const config = loadConfig(modules, options.env ?? {});
  const logger = options.logger ?? pino({ level: "silent" });
  const container = createContainer(modules, { config, logger, adapters });
  return createApp({
    container,
    logger,
    service: "test-service",
    exposeErrors: false,
    pingDatabase: options.pingDatabase ?? (async () => {}),
  });
}
