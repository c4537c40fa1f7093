import { datetime, index, int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
import type { MySql2Database } from "drizzle-orm/mysql2";

/**
 * The few things that differ between databases, so tables and repositories are written once. This is MySQL /
 * MariaDB (10.11+) through mysql2. The repositories avoid RETURNING, which MySQL lacks.
 */
export type AppDatabase = MySql2Database;

export { index };
export const table = mysqlTable;
export const idColumn = () => int("id").autoincrement().primaryKey();
export const referenceColumn = (name: string) => int(name);
export const stringColumn = (name: string, length: number) => varchar(name, { length });
/** DATETIME(3) holding UTC (Drizzle writes and reads it as UTC). */
export const timestampColumn = (name: string) => datetime(name, { mode: "date", fsp: 3 });

/** True for a duplicate-key error (ER_DUP_ENTRY, 1062), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { errno?: unknown }).errno === 1062) return true;
  }
  return false;
}
