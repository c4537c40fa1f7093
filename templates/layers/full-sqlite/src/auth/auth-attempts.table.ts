import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Sign-in, sign-up and refresh attempts per client address and per account, counted in fixed windows that every
 * instance shares. `key` is a SHA-256 digest, so neither addresses nor e-mails are stored.
 */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull(),
    windowEndsAt: integer("window_ends_at", { mode: "timestamp_ms" }).notNull(),
  },
  (columns) => [index("auth_attempts_window_ends_at_idx").on(columns.windowEndsAt)],
);
