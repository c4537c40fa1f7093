import type { AppDatabase } from "../../src/adapters/persistence/dialect.ts";
import type { DatabaseHandle } from "../../src/infrastructure/database-handle.ts";

/** A migrated database of its own for one test suite (see test-database.ts of the database in use). */
export interface TestDatabase {
  name: string;
  handle: DatabaseHandle<AppDatabase>;
  /** Closes the connection and drops what the suite created. */
  dispose(): Promise<void>;
}
