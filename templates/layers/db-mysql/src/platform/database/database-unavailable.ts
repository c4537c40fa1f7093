import { isUnavailableError } from "./database-errors.ts";

/** mysql2's codes of a lost connection or a statement timeout, and the server's error numbers for "cannot serve now". */
const unavailableCodes = new Set<unknown>([
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "POOL_CLOSED",
  1040, // ER_CON_COUNT_ERROR: too many connections
  1053, // ER_SERVER_SHUTDOWN
  1927, // ER_CONNECTION_KILLED (MariaDB)
  1969, // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
  3024, // ER_QUERY_TIMEOUT (MySQL max_execution_time)
]);

/** Whether a request failed because the database is not answering (answered 503 SERVICE_UNAVAILABLE). */
export const isDatabaseUnavailable = (error: unknown): boolean => isUnavailableError(error, unavailableCodes);
