import { drizzle } from "drizzle-orm/sqlite-proxy";
import type { AppDatabase } from "./dialect.ts";

/** A database without a connection (the OpenAPI export): queries can be built and prepared, never run. */
export function offlineDatabase(): AppDatabase {
  return drizzle(async () => {
    throw new Error("this database is offline: the OpenAPI export must not run queries");
  });
}
