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

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
export type Json = any;

export type TestApp = ReturnType<typeof createTestApp>["app"];

export async function call(app: TestApp, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}
