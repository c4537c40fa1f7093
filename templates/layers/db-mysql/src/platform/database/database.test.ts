import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { serverlessDatabaseUrl } from "../../../test/support/database-urls.ts";
import { openDatabase } from "./database.ts";
import { defaultDatabaseOptions } from "./database-options.ts";

describe.skipIf(!serverlessDatabaseUrl)("a MySQL server's pool", () => {
  test("readiness's ping answers while every pool connection is taken", async () => {
    const handle = await openDatabase(serverlessDatabaseUrl as string, { ...defaultDatabaseOptions, poolMax: 1 });
    try {
      const held = handle.db.execute(sql`SELECT SLEEP(1)`);
      await new Promise((resume) => setTimeout(resume, 100));
      const started = performance.now();
      await handle.ping();
      // On the pool, the ping would wait the second the sleep holds its one connection.
      expect(performance.now() - started).toBeLessThan(500);
      await held;
    } finally {
      await handle.close();
    }
  });

  test("the pool's connections carry the server's own statement time limit", async () => {
    const handle = await openDatabase(serverlessDatabaseUrl as string, { ...defaultDatabaseOptions, poolMax: 1 });
    try {
      // MariaDB's variable, in seconds; MySQL has max_execution_time, in milliseconds, instead.
      const limit = await handle.db
        .execute(sql`SELECT @@SESSION.max_statement_time * 1000 AS ms`)
        .catch(() => handle.db.execute(sql`SELECT @@SESSION.max_execution_time AS ms`));
      const [rows] = limit as unknown as [Array<{ ms: unknown }>];
      expect(Number(rows[0]?.ms)).toBe(defaultDatabaseOptions.queryTimeoutMs);
    } finally {
      await handle.close();
    }
  });
});
