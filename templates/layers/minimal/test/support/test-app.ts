import { InMemoryUserRepository } from "../../src/users/users.in-memory.ts";
import { appFromModules } from "./modules-app.ts";

/** The real app over an in-memory user repository. */
export function createTestApp(options: { pingDatabase?: () => Promise<void> } = {}) {
  const users = new InMemoryUserRepository();
  return { app: appFromModules({ users }, options), users };
}

export { call, type Json } from "./call.ts";

export type TestApp = ReturnType<typeof createTestApp>["app"];
