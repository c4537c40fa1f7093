import { expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { sql } from "drizzle-orm";
import { openDatabase } from "./database.ts";
import { defaultDatabaseOptions } from "./database-options.ts";
import { isDatabaseUnavailable } from "./database-unavailable.ts";

test("a file another process keeps locked past DATABASE_QUERY_TIMEOUT_MS is unavailability (a 503), not a bug", async () => {
  const folder = join(tmpdir(), `sqlite-busy-${process.pid}-${Date.now()}`);
  const path = join(folder, "app.sqlite");
  const handle = await openDatabase(`file:${path}`, { ...defaultDatabaseOptions, queryTimeoutMs: 100 });
  const other = new DatabaseSync(path);
  other.exec("BEGIN IMMEDIATE");
  try {
    const started = performance.now();
    const error = await handle.db.run(sql`create table waiting (x integer)`).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // What SQLite refuses for the statement itself stays a bug (a 500).
    const refused = await handle.db.run(sql`select * from no_such_table`).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(refused)).toBe(false);
  } finally {
    other.exec("ROLLBACK");
    other.close();
    await handle.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
