import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type {
  PgColumn,
  PgDatabase,
  PgInsertValue,
  PgQueryResultHKT,
  PgTable,
  PgUpdateSetSource,
} from "drizzle-orm/pg-core";
import { boolean, check, doublePrecision, integer, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { timestamptz } from "./timestamptz.ts";

/**
 * The few things that differ between databases, so tables and repositories are written once. This is PostgreSQL
 * (postgres.js or embedded PGlite).
 */
export type AppDatabase = PgDatabase<PgQueryResultHKT>;

/** Any table and column of this database (what helpers written once for every table take). */
export type AppTable = PgTable;
export type AppColumn = PgColumn;
export const table = pgTable;
export const idColumn = () => integer("id").primaryKey().generatedAlwaysAsIdentity();
export const stringColumn = (name: string, length: number) => varchar(name, { length });
/** A `timestamptz` with milliseconds, read back exactly in every year. */
export const timestampColumn = (name: string) => timestamptz(name);

/**
 * Uniqueness among live rows: a soft-deleted row's value can be taken again (a user who deleted their account can
 * register anew). A partial unique index here, so `liveUniqueColumns()` adds no column (it does on MySQL, which has
 * no partial index). The table spreads `...liveUniqueColumns()` into its columns and passes them as `row`.
 */
export const liveUniqueColumns = () => ({});

/** A unique index over `column` among the live rows (where `deleted_at` is null). */
export const liveUnique = (name: string, column: AppColumn, row: { deletedAt: AppColumn }) =>
  uniqueIndex(name).on(column).where(sql`${row.deletedAt} is null`);

/** True for a unique-constraint violation (SQLSTATE 23505), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * Drizzle's prepared statement of `query`: its SQL is built once, and each `execute({ ... })` binds the values of its
 * `sql.placeholder`s. PostgreSQL also keeps it parsed and planned per connection under `name`.
 */
export const prepared = <Q extends { prepare(name: string): unknown }>(
  name: string,
  query: Q,
): ReturnType<Q["prepare"]> => query.prepare(name) as ReturnType<Q["prepare"]>;

/**
 * `UPDATE table SET values WHERE condition`, answering how many rows it changed (through RETURNING, the same on
 * postgres.js and PGlite). Concurrent updates of one row wait for each other and re-check the condition, so a
 * condition such as "not revoked yet" lets exactly one of them count the row.
 */
export async function updateCount<T extends PgTable>(
  db: AppDatabase,
  target: T,
  values: PgUpdateSetSource<T>,
  condition: SQL | undefined,
): Promise<number> {
  const rows = await db.update(target).set(values).where(condition).returning({ one: sql`1` });
  return rows.length;
}

/** Inserts one row and answers its generated id (through RETURNING). */
export async function insertId(db: AppDatabase, target: PgTable & { id: AppColumn }, values: PgInsertValue<PgTable>) {
  const [row] = await db.insert(target).values(values).returning({ id: target.id });
  return row?.id as number;
}

// Column types, checks and units of work the models that scaffold add-model adds use.

export const integerColumn = (name: string) => integer(name);

export const doubleColumn = (name: string) => doublePrecision(name);

export const booleanColumn = (name: string) => boolean(name);

/** A check constraint of a table (e.g. an unsigned integer column's). */
export { check };

/** A table with an id and soft deletes (what `lockLive` locks a row of). */
export type LockableTable = AppTable & { id: AppColumn; deletedAt: AppColumn };

/**
 * Runs `work` as one unit against concurrent writers: a transaction (a throw rolls it back), whose row locks
 * (`lockLive`) are held until it ends. Under READ COMMITTED each statement after a lock sees what committed before.
 */
export const atomic = <T>(db: AppDatabase, work: (tx: AppDatabase) => Promise<T>): Promise<T> => db.transaction(work);

/**
 * Whether the row `id` of `target` is live (not soft-deleted), locking it until the end of the unit `atomic` runs:
 * a concurrent unit locking it waits, then sees it as that one left it.
 */
export async function lockLive(db: AppDatabase, target: LockableTable, id: number): Promise<boolean> {
  const live = and(eq(target.id, id), isNull(target.deletedAt));
  return (await db.select({ id: target.id }).from(target).where(live).for("update")).length > 0;
}
