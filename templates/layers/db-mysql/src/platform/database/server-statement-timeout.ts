import type { Pool, PoolConnection } from "mysql2";

const ER_UNKNOWN_SYSTEM_VARIABLE = 1193;

/**
 * Has the server end each statement of the pool's connections that runs longer than `timeoutMs` (MariaDB's
 * `max_statement_time`, in seconds; MySQL's `max_execution_time`, in milliseconds, which MySQL applies to SELECT
 * only), also one whose client stopped waiting: the client's bound frees the request, this frees the server. Set on
 * each new connection before it runs anything else (mysql2 runs a connection's statements in order).
 */
export function withServerStatementTimeout(pool: Pool, timeoutMs: number): Pool {
  pool.on("connection", (connection: PoolConnection) => {
    connection.query(`SET SESSION max_statement_time = ${timeoutMs / 1_000}`, (error) => {
      if ((error as { errno?: unknown } | null)?.errno !== ER_UNKNOWN_SYSTEM_VARIABLE) return;
      connection.query(`SET SESSION max_execution_time = ${Math.round(timeoutMs)}`, () => {});
    });
  });
  return pool;
}
