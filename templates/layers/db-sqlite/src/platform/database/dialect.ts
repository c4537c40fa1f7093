import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteInsertValue } from "drizzle-orm/sqlite-core";
import {
  check,
  integer,
  real,
  type SQLiteTable,
  type SQLiteUpdateSetSource,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { SqliteRemoteDatabase } from "drizzle-orm/sqlite-proxy";

/**
 * The few things that differ between databases, so tables and repositories are written once. This is SQLite through
 * the built-in `node:sqlite` and Drizzle's sqlite-proxy: one code path on Node.js, Bun and Deno.
 */
export type AppDatabase = SqliteRemoteDatabase;

/** Any table and column of this database (what helpers written once for every table take). */
export type AppTable = SQLiteTable;
export type AppColumn = SQLiteColumn;
export const table = sqliteTable;
export const idColumn = () => integer("id").primaryKey({ autoIncrement: true });
/** SQLite does not enforce lengths; the HTTP schemas do. */
export const stringColumn = (name: string, _length: number) => text(name);
/** Milliseconds since the epoch, read back as a Date. */
export const timestampColumn = (name: string) => integer(name, { mode: "timestamp_ms" });

/**
 * Uniqueness among live rows: a soft-deleted row's value can be taken again (a user who deleted their account can
 * register anew). A partial unique index here, so `liveUniqueColumns()` adds no column (it does on MySQL, which has
 * no partial index). The table spreads `...liveUniqueColumns()` into its columns and passes them as `row`.
 */
export const liveUniqueColumns = () => ({});

/** A unique index over `column` among the live rows (where `deleted_at` is null). */
export const liveUnique = (name: string, column: AppColumn, row: { deletedAt: AppColumn }) =>
  uniqueIndex(name).on(column).where(sql`${row.deletedAt} is null`);

/** True for a UNIQUE constraint violation, also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if (/UNIQUE constraint failed/i.test(current.message)) return true;
  }
  return false;
}

/**
 * Drizzle's prepared statement of `query`: its SQL is built once, and each `execute({ ... })` binds the values of its
 * `sql.placeholder`s (the driver keeps the compiled statement, see database.ts). `name` is for PostgreSQL, which
 * keeps the statement parsed per connection under it.
 */
export const prepared = <Q extends { prepare(): unknown }>(_name: string, query: Q): ReturnType<Q["prepare"]> =>
  query.prepare() as ReturnType<Q["prepare"]>;

/**
 * `UPDATE table SET values WHERE condition`, answering how many rows it changed (through RETURNING). SQLite runs one
 * write at a time, so a condition such as "not revoked yet" lets exactly one of concurrent updates count the row.
 */
export async function updateCount<T extends SQLiteTable>(
  db: AppDatabase,
  target: T,
  values: SQLiteUpdateSetSource<T>,
  condition: SQL | undefined,
): Promise<number> {
  const rows = await db.update(target).set(values).where(condition).returning({ one: sql`1` });
  return rows.length;
}

/** Inserts one row and answers its generated id (through RETURNING). */
export async function insertId(
  db: AppDatabase,
  target: SQLiteTable & { id: AppColumn },
  values: SQLiteInsertValue<SQLiteTable>,
) {
  const [row] = await db.insert(target).values(values).returning({ id: target.id });
  return row?.id as number;
}

// Column types, checks and units of work the models that scaffold add-model adds use.

export const integerColumn = (name: string) => integer(name);

export const doubleColumn = (name: string) => real(name);

/** 0 or 1, read back as a boolean. */
export const booleanColumn = (name: string) => integer(name, { mode: "boolean" });

/** A check constraint of a table (e.g. an unsigned integer column's). */
export { check };

/** A table with an id and soft deletes (what `lockLive` locks a row of). */
export type LockableTable = AppTable & { id: AppColumn; deletedAt: AppColumn };

/** The unit `atomic` runs last per database: the next one starts after it. */
const units = new WeakMap<AppDatabase, Promise<unknown>>();

/**
 * Runs `work` as one unit against concurrent writers: one unit at a time per database. The service's one SQLite
 * connection cannot hold a transaction for one request while others run statements on it, so units queue instead;
 * `work` checks before it writes, and its writes are single statements.
 */
export function atomic<T>(db: AppDatabase, work: (tx: AppDatabase) => Promise<T>): Promise<T> {
  const run = (units.get(db) ?? Promise.resolve()).then(() => work(db));
  units.set(
    db,
    run.catch(() => undefined),
  );
  return run;
}

/** Whether the row `id` of `target` is live (not soft-deleted): `atomic`'s queue keeps it so until the unit ends. */
export async function lockLive(db: AppDatabase, target: LockableTable, id: number): Promise<boolean> {
  const live = and(eq(target.id, id), isNull(target.deletedAt));
  return (await db.select({ id: target.id }).from(target).where(live)).length > 0;
}
