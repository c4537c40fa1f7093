import { pino } from "pino";
import { requireAuth } from "../../src/adapters/http/require-auth.ts";
import { JwtTokenIssuer } from "../../src/adapters/security/jwt-token-issuer.ts";
import { createApp } from "../../src/app.ts";
import { AuthService } from "../../src/services/auth.service.ts";
import { PrincipalCache } from "../../src/services/principal-cache.ts";
import { UserService } from "../../src/services/user.service.ts";
import { fakeHasher, InMemoryRefreshTokenRepository, InMemoryUserRepository } from "./in-memory.ts";

export const testSecret = "test-secret-that-is-at-least-32-bytes-long";

/** The real app over in-memory ports: handler tests go through `app.request()` without a socket or database. */
export function createTestApp(options: { pingDatabase?: () => Promise<void>; adminEmails?: string[] } = {}) {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const tokens = new JwtTokenIssuer({ secret: testSecret, refreshTtlSeconds: 3600 });
  const principals = new PrincipalCache({ users, adminEmails: options.adminEmails ?? [] });
  const container = {
    authService: new AuthService({ users, refreshTokens, hasher: fakeHasher, tokens }),
    requireAuth: requireAuth(tokens, principals),
    userService: new UserService({ users, refreshTokens, principals }),
  };
  const app = createApp({
    container,
    logger: pino({ level: "silent" }),
    service: "test-service",
    exposeErrors: false,
    pingDatabase: options.pingDatabase ?? (async () => {}),
  });
  return { app, users, refreshTokens, tokens };
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
