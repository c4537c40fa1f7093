import { isUnavailableError } from "./database-errors.ts";

/** postgres.js's codes of a lost or closed connection, and the SQLSTATEs of a server that cannot serve now. */
const unavailableCodes = new Set<unknown>([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "08000", // connection_exception
  "08003", // connection_does_not_exist
  "08006", // connection_failure
  "53300", // too_many_connections
  "57014", // query_canceled: statement_timeout, or a statement cancelled after DATABASE_QUERY_TIMEOUT_MS
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or in recovery
]);

/** Whether a request failed because the database is not answering (answered 503 SERVICE_UNAVAILABLE). */
export const isDatabaseUnavailable = (error: unknown): boolean => isUnavailableError(error, unavailableCodes);
