/** What the rest of the service needs from a database connection, whatever the driver. */
export interface DatabaseHandle<Db> {
  db: Db;
  /** Applies the checked-in migrations (drizzle/) that have not run yet. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
