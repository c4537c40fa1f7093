import { sql } from "drizzle-orm";
import mysql from "mysql2";
import { ConfigError } from "../../src/platform/config.ts";
import { openDatabase } from "../../src/platform/database/database.ts";
import type { TestDatabase } from "./test-database-type.ts";

/**
 * A fresh, migrated database of its own for one test suite, on the server DATABASE_URL names. When the service could
 * not start on that DATABASE_URL (no server, a wrong password), the repository tests are skipped with the line the
 * service would print as a warning, so `npm test` still works on a machine without MySQL.
 */
export async function openTestDatabase(): Promise<TestDatabase | undefined> {
  const url = process.env.DATABASE_URL ?? "";
  if (!url.startsWith("mysql://")) return skip("DATABASE_URL is not a mysql:// URL");
  // Opened as the service opens it (its database is created when missing); the suite's database is made from here.
  const admin = await openDatabase(url).catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    return skip(error.message);
  });
  if (!admin) return undefined;
  const database = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.db.execute(sql.raw(`CREATE DATABASE ${mysql.escapeId(database)}`));
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = await openDatabase(target.toString());
  await handle.migrate();
  return {
    name: `mysql (${database})`,
    handle,
    dispose: async () => {
      await handle.close();
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${mysql.escapeId(database)}`));
      await admin.close();
    },
  };
}

function skip(reason: string): undefined {
  console.warn(`skipping the repository tests: ${reason}`);
  return undefined;
}
