import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase } from "./database.ts";
import { withMigrationLock } from "./migration-lock.ts";

const folder = mkdtempSync(join(tmpdir(), "migration-lock-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const tableNames = (sqlite: DatabaseSync) =>
  (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as Array<{ name: string }>).map(
    (row) => row.name,
  );

test("migrating a file that is already migrated applies nothing again", async () => {
  const url = `file:${join(folder, "twice.sqlite")}`;
  for (let run = 0; run < 2; run++) {
    const handle = await openDatabase(url);
    await handle.migrate();
    await handle.close();
  }
  const sqlite = new DatabaseSync(join(folder, "twice.sqlite"));
  const applied = sqlite.prepare("select count(*) as n from __drizzle_migrations").get() as { n: number };
  const hashes = sqlite.prepare("select count(distinct hash) as n from __drizzle_migrations").get() as { n: number };
  sqlite.close();
  expect(applied.n).toBeGreaterThan(0);
  expect(applied.n).toBe(hashes.n);
});

test("a migration that fails leaves the file as it was and releases the lock", async () => {
  const path = join(folder, "failing.sqlite");
  const sqlite = new DatabaseSync(path);
  sqlite.exec("PRAGMA busy_timeout = 1234");
  const failing = withMigrationLock(sqlite, path, async () => {
    sqlite.exec("create table half_done (id integer)");
    throw new Error("the second statement failed");
  });
  await expect(failing).rejects.toThrow("the second statement failed");
  expect(tableNames(sqlite)).toEqual([]);
  expect(sqlite.prepare("PRAGMA busy_timeout").get()).toEqual({ timeout: 1234 });
  // Another connection may write at once: nothing holds the file's write lock any more.
  const other = new DatabaseSync(path, { timeout: 0 });
  other.exec("BEGIN IMMEDIATE; create table other (id integer); COMMIT");
  other.close();
  expect(tableNames(sqlite)).toEqual(["other"]);
  sqlite.close();
});
