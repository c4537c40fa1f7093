/** What the rest of the service needs from a database connection, whatever the driver. */
export interface DatabaseHandle<Db> {
  db: Db;
  /**
   * Applies the checked-in migrations (drizzle/) that have not run yet, under a lock in the database: instances that
   * start together wait for one another, and each migration is applied once.
   */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * How long `migrate()` waits for the lock another instance holds while it migrates, before it fails the start-up.
 * Waiting instances are not ready yet: a longer wait only delays a deployment that would fail anyway.
 */
export const MIGRATION_LOCK_WAIT_SECONDS = 60;
