import type { Sql } from "postgres";
import { type DatabaseServer, migrationLockError } from "./database-errors.ts";
import { MIGRATION_LOCK_WAIT_SECONDS } from "./database-handle.ts";

/** The advisory lock's key (advisory locks belong to one database, so one fixed name serves every project). */
const LOCK_NAME = "drizzle migrations";
const LOCK_NOT_AVAILABLE = "55P03"; // lock_timeout ran out

/**
 * Runs `migrate` (on `lock` itself) while `lock`, a connection of its own, holds a session-level advisory lock:
 * instances that start together migrate one after another, and those after the first find nothing left to do
 * (Drizzle's migrator takes no lock). The lock lives on a connection outside the service's pool, so neither the wait
 * nor the migrations are cut short by the pool's statement bounds: only `lock_timeout` bounds the wait (no statement
 * timeout). Closing the connection releases the lock, also when the process dies while migrating.
 */
export async function withMigrationLock(
  lock: Sql,
  server: DatabaseServer,
  migrate: () => Promise<void>,
): Promise<void> {
  try {
    await lock`select set_config('lock_timeout', ${`${MIGRATION_LOCK_WAIT_SECONDS}s`}, false),
      set_config('statement_timeout', '0', false)`;
    await lock`select pg_advisory_lock(hashtext(${LOCK_NAME}))`.catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
      throw migrationLockError(server, MIGRATION_LOCK_WAIT_SECONDS, "look for locktype 'advisory' in pg_locks");
    });
    await migrate();
  } finally {
    await lock.end({ timeout: 5 });
  }
}
