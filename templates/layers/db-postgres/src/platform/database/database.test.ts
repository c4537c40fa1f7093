import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase } from "./database.ts";
import { defaultDatabaseOptions } from "./database-options.ts";

// Against DATABASE_URL's PostgreSQL server, if any (PGlite has no pool); skipped with the service's start-up line when
// no server answers there, as the repository tests are.
const url = process.env.DATABASE_URL;
const server = url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
const reachable =
  server !== undefined &&
  (await openDatabase(server).then(
    (handle) => handle.close().then(() => true),
    (error: unknown) => {
      console.warn(`skipping the pool tests: ${(error as Error).message}`);
      return false;
    },
  ));

describe.skipIf(!reachable)("a PostgreSQL server's pool", () => {
  test("readiness's ping answers while every pool connection is taken", async () => {
    const handle = await openDatabase(server as string, { ...defaultDatabaseOptions, poolMax: 1 });
    try {
      const held = handle.db.execute(sql`select pg_sleep(1)`);
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

  test("the pool's connections carry the server's own statement timeout", async () => {
    const handle = await openDatabase(server as string, defaultDatabaseOptions);
    try {
      const query = sql`select current_setting('statement_timeout') as limit`;
      const rows = (await handle.db.execute(query)) as unknown as Iterable<{ limit: string }>;
      expect(Array.from(rows)).toEqual([{ limit: `${defaultDatabaseOptions.queryTimeoutMs / 1_000}s` }]);
    } finally {
      await handle.close();
    }
  });
});
