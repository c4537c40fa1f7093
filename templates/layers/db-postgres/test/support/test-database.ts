import postgres from "postgres";
import { openDatabase } from "../../src/infrastructure/database.ts";
import type { TestDatabase } from "./test-database-type.ts";

/**
 * A migrated database of its own for one test suite: a fresh database on the PostgreSQL server when DATABASE_URL is
 * a postgres:// URL, else an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<TestDatabase | undefined> {
  const url = process.env.DATABASE_URL ?? "";
  if (!/^postgres(ql)?:\/\//.test(url)) {
    const handle = await openDatabase("pglite:memory:");
    await handle.migrate();
    return { name: "pglite (in memory)", handle, dispose: () => handle.close() };
  }
  const database = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${database}"`);
  const target = new URL(url);
  target.pathname = `/${database}`;
  const handle = await openDatabase(target.toString());
  await handle.migrate();
  return {
    name: `postgresql (${database})`,
    handle,
    dispose: async () => {
      await handle.close();
      await admin.unsafe(`drop database if exists "${database}"`);
      await admin.end();
    },
  };
}
