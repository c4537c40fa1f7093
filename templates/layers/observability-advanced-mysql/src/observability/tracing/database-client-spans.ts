import type { Pool as CallbackPool } from "mysql2";
import type { PoolConnection as PromiseConnection, Pool as PromisePool } from "mysql2/promise";
import { traceStatement } from "./database-spans.ts";
import { withMethods } from "./with-methods.ts";

type Runner = PromisePool | PromiseConnection;

/**
 * The MySQL layer gives Drizzle mysql2's callback pool, whose promise form Drizzle uses: its `query` and `execute`
 * (and those of a connection it takes for a transaction) become `db.query` spans.
 */
export function traceDatabaseClient(client: unknown): unknown {
  const pool = client as CallbackPool;
  return withMethods(pool, { promise: () => traceRunner(pool.promise()) });
}

/** The SQL of a call: `query(sql, values)` or `query({ sql, ... })`. */
function statementOf(first: unknown): string {
  return typeof first === "string" ? first : String((first as { sql: string }).sql);
}

function traceRunner<Client extends Runner>(runner: Client): Client {
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  const execute = runner.execute.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  return withMethods(runner, {
    query: (...args: unknown[]) => traceStatement("mysql", statementOf(args[0]), () => query(...args)),
    execute: (...args: unknown[]) => traceStatement("mysql", statementOf(args[0]), () => execute(...args)),
    ...("getConnection" in runner && {
      getConnection: async () => traceRunner(await (runner as PromisePool).getConnection()),
    }),
  } as Partial<Record<keyof Client, unknown>>);
}
