import type { Logger } from "../../src/platform/logger.ts";
import { InMemoryUserRepository } from "../../src/users/users.in-memory.ts";
import { appFromModules } from "./modules-app.ts";

/** The real app over an in-memory user repository; `env` is the environment its configuration is read from. */
export function createTestApp(
  options: { pingDatabase?: () => Promise<void>; env?: Record<string, string>; logger?: Logger } = {},
) {
  const users = new InMemoryUserRepository();
  return { app: appFromModules({ users }, options), users };
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
