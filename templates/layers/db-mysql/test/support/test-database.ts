import mysql from "mysql2/promise";
import { openDatabase, splitDatabaseUrl } from "../../src/infrastructure/database.ts";
import type { TestDatabase } from "./test-database-type.ts";

/**
 * A fresh, migrated database of its own for one test suite, on the server DATABASE_URL names. Without a reachable
 * server the repository tests are skipped (with a warning), so `npm test` still works on a machine without MySQL.
 */
export async function openTestDatabase(): Promise<TestDatabase | undefined> {
  const url = process.env.DATABASE_URL ?? "";
  if (!url.startsWith("mysql://")) return skip("DATABASE_URL is not a mysql:// URL");
  const { server } = splitDatabaseUrl(url);
  const admin = await mysql.createConnection({ uri: server, connectTimeout: 3_000 }).catch(() => undefined);
  if (!admin) return skip(`no MySQL server answers at ${new URL(server).host}`);
  const database = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${mysql.escapeId(database)}`);
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = await openDatabase(target.toString());
  await handle.migrate();
  return {
    name: `mysql (${database})`,
    handle,
    dispose: async () => {
      await handle.close();
      await admin.query(`DROP DATABASE IF EXISTS ${mysql.escapeId(database)}`);
      await admin.end();
    },
  };
}

function skip(reason: string): undefined {
  console.warn(`skipping the repository tests: ${reason}`);
  return undefined;
}
