import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { MySqlColumn, MySqlInsertValue } from "drizzle-orm/mysql-core";
import {
  boolean,
  check,
  datetime,
  double,
  int,
  type MySqlTable,
  type MySqlUpdateSetSource,
  mysqlTable,
  uniqueIndex,
  varchar,
} from "drizzle-orm/mysql-core";
import type { MySql2Database } from "drizzle-orm/mysql2";

/**
 * The few things that differ between databases, so tables and repositories are written once. This is MySQL /
 * MariaDB (10.11+) through mysql2. The repositories avoid RETURNING, which MySQL lacks.
 */
export type AppDatabase = MySql2Database;

/** Any table and column of this database (what helpers written once for every table take). */
export type AppTable = MySqlTable;
export type AppColumn = MySqlColumn;
export const table = mysqlTable;
export const idColumn = () => int("id").autoincrement().primaryKey();
export const stringColumn = (name: string, length: number) => varchar(name, { length });
/** DATETIME(3) holding UTC (Drizzle writes and reads it as UTC). */
export const timestampColumn = (name: string) => datetime(name, { mode: "date", fsp: 3 });

/**
 * Uniqueness among live rows: a soft-deleted row's value can be taken again (a user who deleted their account can
 * register anew). MySQL and MariaDB have no partial index, so the table gets `not_deleted`, generated as 1 while
 * `deleted_at` is null and NULL after, and the unique index covers (value, not_deleted): a unique index never finds
 * two NULLs equal, so deleted rows collide with nothing. The table spreads `...liveUniqueColumns()` into its columns
 * and passes them as `row`.
 */
export const liveUniqueColumns = () => ({
  notDeleted: boolean("not_deleted").generatedAlwaysAs(sql`case when deleted_at is null then true end`, {
    mode: "stored",
  }),
});

/** A unique index over `column` among the live rows (those whose `not_deleted` is 1). */
export const liveUnique = (name: string, column: AppColumn, row: { notDeleted: AppColumn }) =>
  uniqueIndex(name).on(column, row.notDeleted);

/** True for a duplicate-key error (ER_DUP_ENTRY, 1062), also when Drizzle wraps the driver's error. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { errno?: unknown }).errno === 1062) return true;
  }
  return false;
}

/**
 * Drizzle's prepared statement of `query`: its SQL is built once, and each `execute({ ... })` binds the values of its
 * `sql.placeholder`s. `name` is for PostgreSQL, which keeps the statement parsed per connection under it.
 */
export const prepared = <Q extends { prepare(): unknown }>(_name: string, query: Q): ReturnType<Q["prepare"]> =>
  query.prepare() as ReturnType<Q["prepare"]>;

/**
 * `UPDATE table SET values WHERE condition`, answering how many rows it changed (the driver's affectedRows: MariaDB
 * 10.11 has no UPDATE ... RETURNING). InnoDB makes concurrent updates of one row wait for each other and re-check the
 * condition, so a condition such as "not revoked yet" lets exactly one of them count the row.
 */
export async function updateCount<T extends MySqlTable>(
  db: AppDatabase,
  target: T,
  values: MySqlUpdateSetSource<T>,
  condition: SQL | undefined,
): Promise<number> {
  const [result] = await db.update(target).set(values).where(condition);
  return result.affectedRows;
}

/** Inserts one row and answers its generated id (the driver's insertId: MariaDB 10.11 has no INSERT ... RETURNING). */
export async function insertId(db: AppDatabase, target: MySqlTable, values: MySqlInsertValue<MySqlTable>) {
  const [result] = await db.insert(target).values(values);
  return result.insertId;
}

// Column types, checks and units of work the models that scaffold add-model adds use.

export const integerColumn = (name: string) => int(name);

export const doubleColumn = (name: string) => double(name);

export const booleanColumn = (name: string) => boolean(name);

/** A check constraint of a table (e.g. an unsigned integer column's). */
export { check };

/** A table with an id and soft deletes (what `lockLive` locks a row of). */
export type LockableTable = AppTable & { id: AppColumn; deletedAt: AppColumn };

/**
 * Runs `work` as one unit against concurrent writers: a transaction (a throw rolls it back), whose row locks
 * (`lockLive`) are held until it ends. InnoDB takes the transaction's snapshot at its first plain read, so a read
 * after a lock sees what committed before.
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
