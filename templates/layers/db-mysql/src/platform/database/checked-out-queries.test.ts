import { afterAll, describe, expect, test } from "bun:test";
import mysql from "mysql2";
import { serverlessDatabaseUrl } from "../../../test/support/database-urls.ts";
import { queriesOnCheckedOutConnections } from "./checked-out-queries.ts";
import { splitDatabaseUrl } from "./database-url.ts";

// One connection at most, so which connection a statement ran on tells whether the last one was given back.
const server = serverlessDatabaseUrl ? splitDatabaseUrl(serverlessDatabaseUrl).server : undefined;
/** Each statement's bound once it has a connection; the wait for one has its own. */
const timeoutMs = 1_000;
const poolWaitMs = 2_500;
const callbackPool = server ? mysql.createPool({ uri: server, connectionLimit: 1, connectTimeout: 3_000 }) : undefined;
const pool = callbackPool
  ? queriesOnCheckedOutConnections(callbackPool, { queryTimeoutMs: timeoutMs, poolWaitMs }).promise()
  : undefined;
afterAll(() => pool?.end());
// Like the repository tests: without a reachable server these are skipped with a warning.
const reachable = await pool?.query("SELECT 1").then(
  () => true,
  () => false,
);
if (server && !reachable) console.warn(`skipping the pool tests: no MySQL server answers at ${new URL(server).host}`);

describe.skipIf(!reachable)("pool.query on a checked-out connection", () => {
  if (!pool) return;
  /** The rows of a statement, as plain values. */
  const rowsOf = async (options: mysql.QueryOptions, values?: unknown[]): Promise<unknown> =>
    (await pool.query(options, values))[0];
  // A plain SQL string, as the readiness ping sends.
  const connectionId = async () => {
    const [rows] = await pool.query("SELECT CONNECTION_ID() AS id");
    return (rows as { id: number }[])[0]?.id;
  };

  test("answers like mysql2's pool.query, with and without values, and gives the connection back", async () => {
    // Options and values apart, as Drizzle sends them.
    expect(await rowsOf({ sql: "SELECT ? + 1 AS sum, ? AS word" }, [41, "hi"])).toEqual([{ sum: 42, word: "hi" }]);
    expect(await rowsOf({ sql: "SELECT 1, 2", rowsAsArray: true })).toEqual([[1, 2]]);
    const first = await connectionId();
    // More statements at once than connections: each waits for the one connection, which every statement returns.
    const ids = await Promise.all(Array.from({ length: 5 }, connectionId));
    expect(ids).toEqual(Array(5).fill(first));
  });

  test("a failed statement rejects and still gives its connection back", async () => {
    const before = await connectionId();
    await expect(pool.query("SELEC 1")).rejects.toMatchObject({ errno: 1064 });
    expect(await connectionId()).toBe(before);
  });

  test("a connection that finds the server read-only is dropped, not reused", async () => {
    const before = await connectionId();
    await pool.query("SET SESSION TRANSACTION READ ONLY");
    // Any write is refused in a read-only session (1792), as after a failover; the database exists, so nothing changes.
    await expect(pool.query("CREATE DATABASE IF NOT EXISTS mysql")).rejects.toMatchObject({ errno: 1792 });
    expect(await connectionId()).not.toBe(before);
    await pool.query("CREATE DATABASE IF NOT EXISTS mysql");
  });

  test("a statement past the timeout fails, and its connection is dropped: its server may never answer", async () => {
    const before = await connectionId();
    const started = performance.now();
    await expect(pool.query("SELECT SLEEP(5)")).rejects.toMatchObject({ code: "PROTOCOL_SEQUENCE_TIMEOUT" });
    expect(performance.now() - started).toBeLessThan(timeoutMs + 500);
    expect(await connectionId()).not.toBe(before);
  });

  test("a statement that waits for the connection longer than the statement bound is no database timeout", async () => {
    // Four statements of 600 ms on the one connection: the last waits ~1.8 s for it, beyond the 1 s bound, while the
    // database answers the others: a queue, not an outage.
    const sleep = () =>
      pool.query("SELECT SLEEP(0.6)").then(
        () => "answered",
        (error: unknown) => error,
      );
    const answered = ["answered", "answered", "answered", "answered"];
    expect(await Promise.all(Array.from({ length: 4 }, sleep))).toEqual(answered);
    // The sixth waits ~3 s, past DATABASE_POOL_WAIT_MS: answered busy, never as a database timeout.
    const answers = await Promise.all(Array.from({ length: 6 }, sleep));
    expect(answers.slice(0, 4)).toEqual(answered);
    expect(answers.at(-1)).toMatchObject({ code: "SERVICE_BUSY", retryAfterSeconds: 1 });
  }, 15_000);

  test("waiting for a free connection while the database answers nothing fails as a timeout, and the connection is not lost", async () => {
    const held = await callbackPool?.promise().getConnection();
    const started = performance.now();
    try {
      await expect(pool.query("SELECT 1")).rejects.toMatchObject({ code: "DATABASE_TIMEOUT" });
      // At the statement bound (1 s), not at the wait's own (2.5 s): silence is an outage, not a queue.
      expect(performance.now() - started).toBeLessThan(poolWaitMs);
    } finally {
      held?.release();
    }
    // The connection the timed-out statement would have had went back: the next statement gets it.
    expect(await connectionId()).toBe(held?.threadId ?? undefined);
  });
});
