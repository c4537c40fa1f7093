import type { Sql } from "postgres";
import { afterLoopCatchesUp } from "../loop-timer.ts";
import { AnswerClock, boundConnectionWait, type StatementBounds } from "./connection-wait.ts";
import { DatabaseTimeoutError } from "./database-errors.ts";

/**
 * Bounds every statement Drizzle runs through postgres.js's `unsafe` (all it sends outside a transaction), telling a
 * database that does not answer from a service with more statements than connections:
 * - once the server works on the statement (postgres.js marks it `active`), it has `queryTimeoutMs`, then fails with
 *   a DatabaseTimeoutError (503 SERVICE_UNAVAILABLE). postgres.js itself waits for an answer forever, so on a
 *   connection whose server fell silent a request would hang until the operating system gives the socket up;
 * - before that it waits for a connection, or behind another statement on one (postgres.js pipelines): see
 *   boundConnectionWait. A statement failed while no connection has it yet is taken off the queue, so it does not
 *   run after its request was answered.
 */
export function withQueryTimeout(sql: Sql, bounds: StatementBounds): Sql {
  const unsafe = sql.unsafe;
  const clock = new AnswerClock();
  return Object.assign(sql, {
    unsafe: (...args: Parameters<Sql["unsafe"]>) => bounded(unsafe(...args), bounds, clock),
  });
}

/** What postgres.js's queries carry beside their public API: `state` once sent, `active` while the server has it. */
type PostgresQuery = Promise<unknown> & { cancel(): void; active: boolean; state: unknown };

/** A postgres.js query is a lazy promise, sent when first awaited: the clocks start there. */
function bounded<Query extends Promise<unknown> & { cancel(): void }>(
  pending: Query,
  bounds: StatementBounds,
  clock: AnswerClock,
): Query {
  const query = pending as unknown as PostgresQuery;
  const send = query.then.bind(query);
  let answer: Promise<unknown> | undefined;
  // biome-ignore lint/suspicious/noThenProperty: awaiting the query is what sends it; that is where the bounds start
  Object.defineProperty(query, "then", {
    // A wrapper around this client (tracing) defines its own `then` over this one.
    configurable: true,
    value: (...callbacks: Parameters<Promise<unknown>["then"]>) => {
      answer ??= new Promise((resolve, reject) => {
        let stop = boundConnectionWait(clock, bounds, (error) => {
          reject(error);
          if (notSent(query)) query.cancel();
        });
        onceActive(query, () => {
          stop();
          const { queryTimeoutMs } = bounds;
          stop = afterLoopCatchesUp(queryTimeoutMs, () => reject(new DatabaseTimeoutError(queryTimeoutMs)));
        });
        send()
          .then(
            (rows) => {
              clock.answered();
              resolve(rows);
            },
            (error: unknown) => {
              // The server refusing a statement (a constraint, a syntax error) is an answer too; a lost connection is not.
              if ((error as { name?: unknown }).name === "PostgresError") clock.answered();
              reject(error);
            },
          )
          .finally(() => stop());
      });
      return answer.then(...callbacks);
    },
  });
  return pending;
}

/**
 * Calls `started` when postgres.js makes the query the one its connection's server works on (it sets `active` then;
 * a query pipelined behind another waits until that one is answered).
 */
function onceActive(query: PostgresQuery, started: () => void): void {
  let active = query.active;
  Object.defineProperty(query, "active", {
    configurable: true,
    get: () => active,
    set: (value: boolean) => {
      if (value && !active) started();
      active = value;
    },
  });
  if (active) started();
}

/**
 * Whether postgres.js has not yet handed the query to a connection (its `state` is set then). Cancelling is safe only
 * then: cancelling a sent query opens a connection of its own, whose failure postgres.js does not report to anyone.
 */
const notSent = (query: PostgresQuery) => query.state === null;
