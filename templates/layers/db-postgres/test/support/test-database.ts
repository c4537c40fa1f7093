import { sql } from "drizzle-orm";
import { ConfigError } from "../../src/platform/config.ts";
import { openDatabase } from "../../src/platform/database/database.ts";
import type { TestDatabase } from "./test-database-type.ts";

/**
 * A migrated database of its own for one test suite: a fresh database on the PostgreSQL server when DATABASE_URL is
 * a postgres:// URL, else an in-memory PGlite. When the service could not start on that DATABASE_URL (no server, a
 * wrong password), the repository tests are skipped with the line the service would print as a warning.
 */
export async function openTestDatabase(): Promise<TestDatabase | undefined> {
  const url = process.env.DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(url)) {
    const handle = await openDatabase("pglite:memory:");
    await handle.migrate();
    return { name: "pglite (in memory)", handle, dispose: () => handle.close() };
  }
  // Opened as the service opens it (its database is created when missing); the suite's database is made from here.
  const admin = await openDatabase(url).catch((error: unknown) => {
    if (!(error instanceof ConfigError)) throw error;
    return skip(error.message);
  });
  if (!admin) return undefined;
  const database = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.db.execute(sql.raw(`create database "${database}"`));
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = await openDatabase(target.toString());
  await handle.migrate();
  return {
    name: `postgresql (${database})`,
    handle,
    dispose: async () => {
      await handle.close();
      await admin.db.execute(sql.raw(`drop database if exists "${database}"`));
      await admin.close();
    },
  };
}

function skip(reason: string): undefined {
  console.warn(`skipping the repository tests: ${reason}`);
  return undefined;
}
