import { openDatabase } from "../../src/platform/database/database.ts";
import type { TestDatabase } from "./test-database-type.ts";

/** A migrated in-memory SQLite database of its own for one test suite (same driver code as production). */
export async function openTestDatabase(): Promise<TestDatabase | undefined> {
  const handle = await openDatabase(":memory:");
  await handle.migrate();
  return { name: "sqlite (in memory)", handle, dispose: () => handle.close() };
}
