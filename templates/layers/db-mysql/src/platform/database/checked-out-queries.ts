import type { Pool, PoolConnection, QueryOptions, QueryValues } from "mysql2";
import { AnswerClock, boundConnectionWait, type StatementBounds } from "./connection-wait.ts";

/** Errors after which the connection is dropped rather than reused, as mysql2's pool does: the server went read-only. */
const READ_ONLY_ERRNOS = new Set([
  1290, // ER_OPTION_PREVENTS_STATEMENT (Aurora during a failover)
  1792, // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
  1836, // ER_READ_ONLY_MODE
]);

type Callback = (error: Error | null, ...results: unknown[]) => void;

const isReadOnlyError = (error: Error | null) => READ_ONLY_ERRNOS.has((error as { errno?: number } | null)?.errno ?? 0);

/** mysql2's error for a statement past its `timeout`: it leaves the connection waiting for the answer. */
const isTimeout = (error: Error | null) => (error as { code?: unknown } | null)?.code === "PROTOCOL_SEQUENCE_TIMEOUT";

/**
 * Takes a connection from the pool within the bounds of boundConnectionWait: mysql2 lets a caller wait for a free
 * connection as long as it takes. A connection handed over after that goes straight back.
 */
function checkOut(
  pool: Pool,
  wait: (fail: (error: Error) => void) => () => void,
  callback: (error: Error | null, connection: PoolConnection) => void,
): void {
  let waiting = true;
  const stop = wait((error) => {
    waiting = false;
    callback(error, undefined as never);
  });
  pool.getConnection((error, connection) => {
    if (!waiting) return error ? undefined : connection.release();
    waiting = false;
    stop();
    callback(error, connection);
  });
}

/**
 * Makes `pool.query` (what Drizzle runs every statement through) take a connection from the pool, run the statement on
 * it and give it back. mysql2's own `pool.query` does the same, but with the closure it wraps each statement's callback
 * in, every finished statement (its rows, its column definitions) survives V8's young-generation collections: under
 * load ~1.4 KB per statement goes to the old generation, and the full collections that clear it away cost a request
 * on Node.js and Deno up to half as much again after the heap was shrunk in an idle minute (docs/database.md).
 * It answers through the callback only, with no query object to stream from (Drizzle streams on a connection it takes).
 * The wait for a connection is bounded as boundConnectionWait tells; once it has one, a statement gets
 * `queryTimeoutMs` (mysql2's `timeout`). A connection whose statement timed out is closed, not reused: its server may
 * never answer.
 */
export function queriesOnCheckedOutConnections(pool: Pool, bounds: StatementBounds): Pool {
  const clock = new AnswerClock();
  const wait = (fail: (error: Error) => void) => boundConnectionWait(clock, bounds, fail);
  const query = (sql: unknown, valuesOrCallback: unknown, maybeCallback?: Callback) => {
    const callback = (typeof valuesOrCallback === "function" ? valuesOrCallback : maybeCallback) as Callback;
    checkOut(pool, wait, (error, connection) => {
      if (error) return callback(error);
      const done: Callback = (queryError, ...results) => {
        if (isReadOnlyError(queryError) || isTimeout(queryError)) connection.destroy();
        else connection.release();
        // Rows, or the server's own refusal, are an answer; a lost connection or a timeout is not.
        if (!(queryError as { fatal?: boolean } | null)?.fatal && !isTimeout(queryError)) clock.answered();
        callback(queryError, ...results);
      };
      const timeout = bounds.queryTimeoutMs;
      const options: QueryOptions = typeof sql === "string" ? { sql, timeout } : { ...(sql as QueryOptions), timeout };
      if (typeof valuesOrCallback === "function") connection.query(options, done);
      else connection.query(options, valuesOrCallback as QueryValues, done);
    });
  };
  return Object.assign(pool, { query });
}
