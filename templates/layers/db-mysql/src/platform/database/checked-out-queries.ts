import type { Pool, QueryOptions, QueryValues } from "mysql2";

/** Errors after which the connection is dropped rather than reused, as mysql2's pool does: the server went read-only. */
const READ_ONLY_ERRNOS = new Set([
  1290, // ER_OPTION_PREVENTS_STATEMENT (Aurora during a failover)
  1792, // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  1836, // ER_READ_ONLY_MODE
]);

type Callback = (error: Error | null, ...results: unknown[]) => void;

const isReadOnlyError = (error: Error | null) => READ_ONLY_ERRNOS.has((error as { errno?: number } | null)?.errno ?? 0);

/**
 * Makes `pool.query` (what Drizzle runs every statement through) take a connection from the pool, run the statement on
 * it and give it back. mysql2's own `pool.query` does the same, but with the closure it wraps each statement's callback
 * in, every finished statement (its rows, its column definitions) survives V8's young-generation collections: under
 * load ~1.4 KB per statement goes to the old generation, and the full collections that clear it away cost a request
 * on Node.js and Deno up to half as much again after the heap was shrunk in an idle minute (docs/database.md).
 * It answers through the callback only, with no query object to stream from (Drizzle streams on a connection it takes).
 */
export function queriesOnCheckedOutConnections(pool: Pool): Pool {
  const query = (sql: unknown, valuesOrCallback: unknown, maybeCallback?: Callback) => {
    const callback = (typeof valuesOrCallback === "function" ? valuesOrCallback : maybeCallback) as Callback;
    pool.getConnection((error, connection) => {
      if (error) return callback(error);
      const done: Callback = (queryError, ...results) => {
        if (isReadOnlyError(queryError)) connection.destroy();
        else connection.release();
        callback(queryError, ...results);
      };
      const options: QueryOptions = typeof sql === "string" ? { sql } : (sql as QueryOptions);
      if (typeof valuesOrCallback === "function") connection.query(options, done);
      else connection.query(options, valuesOrCallback as QueryValues, done);
    });
  };
  return Object.assign(pool, { query });
}
