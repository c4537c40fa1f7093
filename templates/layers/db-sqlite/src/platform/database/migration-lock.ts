import type { DatabaseSync } from "node:sqlite";
import { ConfigError } from "../config.ts";
import { MIGRATION_LOCK_WAIT_SECONDS } from "./database-handle.ts";

const SQLITE_BUSY = 5;

/**
 * Runs `migrate` inside one write transaction (`BEGIN IMMEDIATE`), taken before Drizzle reads which migrations have
 * run: processes that start together on one file migrate one after another, and those after the first find nothing
 * left to do. A migration that fails leaves the file as it was.
 */
export async function withMigrationLock(
  sqlite: DatabaseSync,
  path: string,
  migrate: () => Promise<void>,
): Promise<void> {
  // The wait for another process's write lock, longer than a request's while the service runs.
  const { timeout } = sqlite.prepare("PRAGMA busy_timeout").get() as { timeout: number };
  sqlite.exec(`PRAGMA busy_timeout = ${MIGRATION_LOCK_WAIT_SECONDS * 1_000}`);
  try {
    sqlite.exec("BEGIN IMMEDIATE");
  } catch (error) {
    if ((error as { errcode?: unknown }).errcode !== SQLITE_BUSY) throw error;
    throw new ConfigError(
      `Waited ${MIGRATION_LOCK_WAIT_SECONDS} s for a write lock on the SQLite database "${path}": another process is still migrating or writing to it`,
    );
  } finally {
    sqlite.exec(`PRAGMA busy_timeout = ${timeout}`);
  }
  try {
    await migrate();
    sqlite.exec("COMMIT");
  } catch (error) {
    sqlite.exec("ROLLBACK");
    throw error;
  }
}
