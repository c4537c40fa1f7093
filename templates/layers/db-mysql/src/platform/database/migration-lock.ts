import type { Connection } from "mysql2/promise";
import { type DatabaseServer, migrationLockError } from "./database-errors.ts";
import { MIGRATION_LOCK_WAIT_SECONDS } from "./database-handle.ts";

/** MySQL's named locks are server-wide and their names at most 64 characters long: one per database. */
const lockName = (database: string) => `${database}.migrations`.slice(0, 64);

/**
 * Runs `migrate` (on `lock` itself) while `lock`, a connection of its own, holds a named lock (`GET_LOCK`): instances that start
 * together migrate one after another, and those after the first find nothing left to do (Drizzle's migrator takes no
 * lock). The lock belongs to that connection, so it is released when the connection closes, also when the process
 * dies while migrating.
 */
export async function withMigrationLock(
  lock: Connection,
  server: DatabaseServer,
  migrate: () => Promise<void>,
): Promise<void> {
  try {
    const name = lockName(server.database);
    const [rows] = await lock.query("SELECT GET_LOCK(?, ?) AS acquired", [name, MIGRATION_LOCK_WAIT_SECONDS]);
    // 1: acquired; 0: the wait ran out; NULL: the wait was killed.
    if ((rows as Array<{ acquired: number | null }>)[0]?.acquired !== 1) {
      throw migrationLockError(
        server,
        MIGRATION_LOCK_WAIT_SECONDS,
        `SELECT IS_USED_LOCK('${name}') names its connection`,
      );
    }
    await migrate();
    await lock.query("SELECT RELEASE_LOCK(?)", [name]);
  } finally {
    await lock.end();
  }
}
