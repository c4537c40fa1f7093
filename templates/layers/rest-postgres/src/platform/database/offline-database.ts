import type { AppDatabase } from "./dialect.ts";

/** A database without a connection (the OpenAPI export): queries can be built and prepared, never run. */
export async function offlineDatabase(): Promise<AppDatabase> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  return drizzle.mock();
}
