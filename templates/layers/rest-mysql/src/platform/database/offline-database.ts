import { drizzle } from "drizzle-orm/mysql2";
import type { AppDatabase } from "./dialect.ts";

/** A database without a connection (the OpenAPI export): queries can be built and prepared, never run. */
export function offlineDatabase(): AppDatabase {
  return drizzle.mock({ mode: "default" });
}
