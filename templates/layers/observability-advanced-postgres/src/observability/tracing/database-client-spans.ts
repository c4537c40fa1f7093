import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Sql, TransactionSql } from "postgres";
import { traceStatement } from "./database-spans.ts";
import { withMethods } from "./with-methods.ts";

/**
 * Drizzle runs every statement through postgres.js's `unsafe` or PGlite's `query` (and a transaction's own client
 * for what it runs inside one): each becomes a `db.query` span.
 */
export function traceDatabaseClient(client: unknown): unknown {
  return typeof client === "function" ? tracePostgresJs(client as Sql) : tracePglite(client as PGlite);
}

function tracePostgresJs(sql: Sql): Sql {
  return withMethods(sql, {
    unsafe: tracedUnsafe(sql),
    begin: (...args: unknown[]) => {
      const body = args.pop() as (transaction: TransactionSql) => unknown;
      const begin = sql.begin as (...all: unknown[]) => unknown;
      return begin(...args, (transaction: TransactionSql) =>
        body(withMethods(transaction, { unsafe: tracedUnsafe(transaction) })),
      );
    },
  });
}

/**
 * A postgres.js query is a lazy promise: it is sent when first awaited, after Drizzle has chosen its row format
 * (`.values()`), so the span starts there and ends with the answer; the query itself is what Drizzle gets back.
 */
function tracedUnsafe(sql: Sql | TransactionSql) {
  return (...args: Parameters<Sql["unsafe"]>) => {
    const query = sql.unsafe(...args);
    const send = query.then.bind(query);
    let answer: Promise<unknown> | undefined;
    // biome-ignore lint/suspicious/noThenProperty: awaiting the query is what sends it; that is what the span times
    Object.defineProperty(query, "then", {
      configurable: true,
      value: (...callbacks: Parameters<Promise<unknown>["then"]>) => {
        answer ??= traceStatement("postgresql", args[0], () => send());
        return answer.then(...callbacks);
      },
    });
    return query;
  };
}

function tracePglite<Client extends PGlite | Transaction>(pglite: Client): Client {
  return withMethods(pglite, {
    query: (...args: Parameters<PGlite["query"]>) => traceStatement("postgresql", args[0], () => pglite.query(...args)),
    exec: (...args: Parameters<PGlite["exec"]>) => traceStatement("postgresql", args[0], () => pglite.exec(...args)),
    ...("transaction" in pglite && {
      transaction: (body: (transaction: Transaction) => Promise<unknown>) =>
        pglite.transaction((transaction) => body(tracePglite(transaction))),
    }),
  } as Partial<Record<keyof Client, unknown>>);
}
