import { InMemoryUserRepository } from "../../src/users/users.in-memory.ts";
import { call } from "./call.ts";
import {
  fakeHasher,
  InMemoryAttemptCounter,
  InMemoryCredentialRepository,
  InMemoryRefreshTokenRepository,
} from "./in-memory.ts";
import { appFromModules } from "./modules-app.ts";

export const testSecret = "test-secret-that-is-at-least-32-bytes-long";

/** The real app over in-memory repositories and a fast stand-in for bcrypt. */
export function createTestApp(
  options: { pingDatabase?: () => Promise<void>; adminEmails?: string[]; env?: Record<string, string> } = {},
) {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const attempts = new InMemoryAttemptCounter();
  const env = { JWT_SECRET: testSecret, ADMIN_EMAILS: (options.adminEmails ?? []).join(","), ...options.env };
  const credentials = new InMemoryCredentialRepository(users);
  const app = appFromModules(
    { users, credentials, refreshTokens, attempts, hasher: fakeHasher },
    { env, pingDatabase: options.pingDatabase },
  );
  return { app, users, refreshTokens, attempts };
}

export { call, type Json } from "./call.ts";

export type TestApp = ReturnType<typeof createTestApp>["app"];

export async function registerUser(app: TestApp, email = "ada@example.com", password = "correct-horse") {
  const { body } = await call(app, "POST", "/api/v1/auth/register", { email, password });
  return body.data as { access_token: string; refresh_token: string };
}
