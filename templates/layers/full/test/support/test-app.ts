import { pino } from "pino";
import { createApp } from "../../src/app.ts";
import { modules } from "../../src/modules/index.ts";
import { createContainer, loadConfig } from "../../src/modules/module.ts";
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

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
export type Json = any;

export type TestApp = ReturnType<typeof createTestApp>["app"];

export async function call(app: TestApp, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

export async function registerUser(app: TestApp, email = "ada@example.com", password = "correct-horse") {
  const { body } = await call(app, "POST", "/api/v1/auth/register", { email, password });
  return body.data as { access_token: string; refresh_token: string };
}
