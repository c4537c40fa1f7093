import type { Sql } from "postgres";
import { DatabaseTimeoutError } from "./database-errors.ts";

/**
 * Bounds every statement Drizzle runs through postgres.js's `unsafe` (all it sends outside a transaction) to
 * `timeoutMs`, from the moment it is awaited: waiting for a free connection, connecting and the answer included.
 * postgres.js itself waits for an answer forever, so on a connection whose server fell silent a request would hang
 * until the operating system gives the socket up. Past the bound the statement fails with a DatabaseTimeoutError; one
 * still waiting for a connection is also taken off the queue, so it does not run after its request was answered.
 */
export function withQueryTimeout(sql: Sql, timeoutMs: number): Sql {
  const unsafe = sql.unsafe;
  return Object.assign(sql, {
    unsafe: (...args: Parameters<Sql["unsafe"]>) => bounded(unsafe(...args), timeoutMs),
  });
}

type PostgresQuery = Promise<unknown> & { cancel(): void };

/** A postgres.js query is a lazy promise, sent when first awaited: the clock starts there. */
function bounded<Query extends PostgresQuery>(query: Query, timeoutMs: number): Query {
  const send = query.then.bind(query);
  let answer: Promise<unknown> | undefined;
  // biome-ignore lint/suspicious/noThenProperty: awaiting the query is what sends it; that is where the bound starts
  Object.defineProperty(query, "then", {
    // A wrapper around this client (tracing) defines its own `then` over this one.
    configurable: true,
    value: (...callbacks: Parameters<Promise<unknown>["then"]>) => {
      answer ??= new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new DatabaseTimeoutError(timeoutMs));
          if (notSent(query)) query.cancel();
        }, timeoutMs);
        send()
          .then(resolve, reject)
          .finally(() => clearTimeout(timer));
      });
      return answer.then(...callbacks);
    },
  });
  return query;
}

/**
 * Whether postgres.js has not yet handed the query to a connection (its `state` is set then). Cancelling is safe only
 * then: cancelling a sent query opens a connection of its own, whose failure postgres.js does not report to anyone.
 */
const notSent = (query: PostgresQuery) => (query as unknown as { state: unknown }).state === null;
