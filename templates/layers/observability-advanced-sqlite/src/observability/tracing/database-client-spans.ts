import type { RemoteCallback } from "drizzle-orm/sqlite-proxy";
import { traceStatement } from "./database-spans.ts";

/** The SQLite layer gives Drizzle one callback that runs every statement: each call becomes a `db.query` span. */
export function traceDatabaseClient(client: unknown): unknown {
  const run = client as RemoteCallback;
  const traced: RemoteCallback = (sql, params, method) => traceStatement("sqlite", sql, () => run(sql, params, method));
  return traced;
}
