import { and, eq, isNull } from "drizzle-orm";
import { boolean, check, double, int } from "drizzle-orm/mysql-core";
import type { AppColumn, AppDatabase, AppTable } from "./dialect.ts";

// What `scaffold add-model` adds to src/platform/database/dialect.ts when a model first needs it: each declaration
// below, with the declarations and imports it uses, is copied once, so a project holds only the helpers it calls.

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
