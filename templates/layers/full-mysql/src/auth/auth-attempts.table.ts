import { datetime, index, int, mysqlTable, varchar } from "drizzle-orm/mysql-core";

/**
 * Sign-in, sign-up and refresh attempts per client address and per account, counted in fixed windows that every
 * instance shares. `key` is a SHA-256 digest, so neither addresses nor e-mails are stored.
 */
export const authAttempts = mysqlTable(
  "auth_attempts",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    attempts: int("attempts").notNull(),
    windowEndsAt: datetime("window_ends_at", { mode: "date", fsp: 3 }).notNull(),
  },
  (columns) => [index("auth_attempts_window_ends_at_idx").on(columns.windowEndsAt)],
);
