import { pino } from "pino";
import { createApp } from "../../src/app.ts";
import { modules } from "../../src/modules/index.ts";
import { createContainer, loadConfig } from "../../src/modules/module.ts";
import { call } from "./call.ts";
import { fakeHasher, InMemoryRefreshTokenRepository, InMemoryUserRepository } from "./in-memory.ts";

export const testSecret = "test-secret-that-is-at-least-32-bytes-long";

/**
 * The real app, built from the service's own module list over in-memory adapters: handler tests go through
 * `app.request()` without a socket or database.
 */
export function createTestApp(options: { pingDatabase?: () => Promise<void>; adminEmails?: string[] } = {}) {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const config = loadConfig(modules, { JWT_SECRET: testSecret, ADMIN_EMAILS: (options.adminEmails ?? []).join(",") });
  const logger = pino({ level: "silent" });
  const container = createContainer(modules, {
    config,
    logger,
    adapters: { users, refreshTokens, hasher: fakeHasher },
  });
  const app = createApp({
    container,
    logger,
    service: "test-service",
    exposeErrors: false,
    pingDatabase: options.pingDatabase ?? (async () => {}),
  });
  return { app, users, refreshTokens };
}

export { call, type Json } from "./call.ts";

export type TestApp = ReturnType<typeof createTestApp>["app"];

export async function registerUser(app: TestApp, email = "ada@example.com", password = "correct-horse") {
  const { body } = await call(app, "POST", "/api/v1/auth/register", { email, password });
  return body.data as { access_token: string; refresh_token: string };
}
