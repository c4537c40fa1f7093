import { pino } from "pino";
import { createApp } from "../../src/app.ts";
import { modules } from "../../src/modules/index.ts";
import { createContainer, loadConfig } from "../../src/modules/module.ts";
import { InMemoryUserRepository } from "./in-memory-users.ts";

/**
 * The real app, built from the service's own module list over in-memory adapters: GraphQL and HTTP tests go through
 * `app.request()` without a socket or database. `env` is the environment the configuration is read from.
 */
export function createTestApp(
  options: { pingDatabase?: () => Promise<void>; env?: Record<string, string>; logger?: pino.Logger } = {},
) {
  const users = new InMemoryUserRepository();
  const config = loadConfig(modules, options.env ?? {});
  const logger = options.logger ?? pino({ level: "silent" });
  const container = createContainer(modules, { config, logger, adapters: { users } });
  const app = createApp({
    container,
    logger,
    service: "test-service",
    exposeErrors: config.APP_ENV === "development",
    pingDatabase: options.pingDatabase ?? (async () => {}),
  });
  return { app, users };
}

export type TestApp = ReturnType<typeof createTestApp>["app"];

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON answers; a wrong path fails the test anyway.
export type Json = any;

/** One GraphQL request, `POST /graphql` with JSON: the HTTP status and the answer's body. */
export async function graphql(app: TestApp, query: string, variables?: Record<string, unknown>) {
  const response = await app.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}
