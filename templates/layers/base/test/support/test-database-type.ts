import type { DatabaseHandle } from "../../src/platform/database/database-handle.ts";
import type { AppDatabase } from "../../src/platform/database/dialect.ts";

/** A migrated database of its own for one test suite (see test-database.ts of the database in use). */
export interface TestDatabase {
  name: string;
  handle: DatabaseHandle<AppDatabase>;
  /** Closes the connection and drops what the suite created. */
  dispose(): Promise<void>;
}
