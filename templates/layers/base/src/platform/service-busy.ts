/**
 * The service has more work queued than it takes on (every pool connection taken for longer than
 * DATABASE_POOL_WAIT_MS, the password-hashing queue full): answered 503 SERVICE_BUSY with `Retry-After`. The
 * database is fine; the client should come back in `retryAfterSeconds`, and the operator may add instances.
 */
export class ServiceBusyError extends Error {
  override name = "ServiceBusyError";
  readonly code = "SERVICE_BUSY";
  readonly retryAfterSeconds: number;

  constructor(what: string, retryAfterSeconds: number) {
    super(`The service is busy (${what})`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** What a client reads in a SERVICE_BUSY answer. */
export const serviceBusyMessage = (retryAfterSeconds: number) =>
  `The service is busy: try again in ${retryAfterSeconds} s`;
