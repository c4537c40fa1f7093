import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The few things that differ between databases, so tables and repositories are written once. This is PostgreSQL
 * (postgres.js or embedded PGlite).
 */
export type AppDatabase = PgDatabase<PgQueryResultHKT>;

export { index };
export const table = pgTable;
export const idColumn = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
export const referenceColumn = (name: string) => integer(name);
export const stringColumn = (name: string, length: number) => varchar(name, { length });
export const timestampColumn = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

/** True for a unique-constraint violation (SQLSTATE 23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
