import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Sign-in, sign-up and refresh attempts per client address and per account, counted in fixed windows that every
 * instance shares. `key` is a SHA-256 digest, so neither addresses nor e-mails are stored.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    key: varchar("key", { length: 64 }).primaryKey(),
    attempts: integer("attempts").notNull(),
    windowEndsAt: timestamp("window_ends_at", { withTimezone: true, precision: 3, mode: "date" }).notNull(),
  },
  (columns) => [index("auth_attempts_window_ends_at_idx").on(columns.windowEndsAt)],
);
