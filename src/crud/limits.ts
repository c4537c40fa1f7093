/**
 * Bounds on the list endpoint's repeatable query parameters. Beyond them the answer is 400 before any SQL is built, so
 * no request reaches a database limit (SQLite: expression depth 1,000 and 32,766 variables; PostgreSQL: 65,535
 * parameters; MariaDB: 65,535 placeholders): at most 50 x 500 list values plus a few others per statement.
 */
export const queryLimits = {
  /** Filter parameters per request, repeated ones included (`price_gt=1&price_gt=2` counts 2). */
  filters: 50,
  /** `sort` parameters per request. */
  sortKeys: 10,
  /** Comma-separated values in one `_in` / `_not_in` parameter. */
  listValues: 500,
} as const;
