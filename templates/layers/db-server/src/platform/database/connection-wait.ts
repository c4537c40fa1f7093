import { afterLoopCatchesUp } from "../loop-timer.ts";
import { ServiceBusyError } from "../service-busy.ts";
import { DatabaseTimeoutError } from "./database-errors.ts";
import type { DatabaseOptions } from "./database-options.ts";

export type StatementBounds = Pick<DatabaseOptions, "queryTimeoutMs" | "poolWaitMs">;

/** When the database last answered a statement of this pool (rows, or an error of the server's own). */
export class AnswerClock {
  lastAnswerAt = performance.now();

  answered(): void {
    this.lastAnswerAt = performance.now();
  }
}

/**
 * Bounds a statement's wait for a pool connection, telling overload from outage: while the database answers other
 * statements the wait is a queue, and fails with a ServiceBusyError (503 SERVICE_BUSY) after `poolWaitMs`; once the
 * database has answered nothing for `queryTimeoutMs` (and the statement has waited as long), it is an outage, and the
 * wait fails with a DatabaseTimeoutError (503 SERVICE_UNAVAILABLE) as a statement would. Returns the function that
 * stops watching (the statement got its connection).
 */
export function boundConnectionWait(
  clock: AnswerClock,
  { queryTimeoutMs, poolWaitMs }: StatementBounds,
  fail: (error: Error) => void,
): () => void {
  const queuedAt = performance.now();
  let stop = () => {};
  const check = () => {
    const now = performance.now();
    const waited = now - queuedAt;
    const silentFor = now - clock.lastAnswerAt;
    // A timer may fire a millisecond before its time by this clock: that is its time.
    const reached = (bound: number, elapsed: number) => elapsed + 1 >= bound;
    if (reached(queryTimeoutMs, silentFor) && reached(queryTimeoutMs, waited)) {
      return fail(new DatabaseTimeoutError(queryTimeoutMs));
    }
    if (reached(poolWaitMs, waited)) return fail(new ServiceBusyError("every database connection is taken", 1));
    // Look again when the silence could reach the bound (an answer meanwhile pushes that back), or the wait its own.
    const untilOutage = Math.max(queryTimeoutMs - silentFor, queryTimeoutMs - waited);
    stop = afterLoopCatchesUp(Math.max(1, Math.min(untilOutage, poolWaitMs - waited)), check);
  };
  check();
  return () => stop();
}
