/** SQLite's result codes (the low byte of an extended code) for a database another process holds locked. */
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/**
 * Whether a request failed because the database is not available: another process held the file locked longer
 * than the busy timeout (DATABASE_QUERY_TIMEOUT_MS). Answered 503 SERVICE_UNAVAILABLE, which a client may retry.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { errcode } = current as { errcode?: unknown };
    if (typeof errcode === "number" && [SQLITE_BUSY, SQLITE_LOCKED].includes(errcode & 0xff)) return true;
  }
  return false;
}
