import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { type AppColumn, type AppDatabase, type AppTable, atomic, lockLive, updateCount } from "./dialect.ts";
import type { RowOf, SoftDeleteTable } from "./live-rows.ts";

// What `scaffold add-model` adds to src/platform/database/live-rows.ts when a model first needs it (the first model
// that belongs to users): each declaration below, with what it uses, is copied once.

/** One instance per database, built on first use: every module reading a table shares its repository (and statements). */
export function perDatabase<T>(build: (db: AppDatabase) => T): (db: AppDatabase) => T {
  const instances = new WeakMap<AppDatabase, T>();
  return (db) => instances.get(db) ?? (instances.set(db, build(db)).get(db) as T);
}

/** The live rows of `table` among `ids`, in one read, oldest first (unknown and deleted ids are left out). */
export async function liveByIds<Columns extends Record<string, AppColumn>>(
  db: AppDatabase,
  table: SoftDeleteTable,
  columns: Columns,
  ids: number[],
): Promise<RowOf<Columns>[]> {
  if (ids.length === 0) return [];
  const live = and(inArray(table.id, ids), isNull(table.deletedAt));
  return (await db
    .select(columns)
    .from(table as AppTable)
    .where(live)
    .orderBy(asc(table.id))) as RowOf<Columns>[];
}

/**
 * Marks the live row `id` deleted once `guard` (which throws to refuse, e.g. while live rows of another table point
 * at it) lets it; false when there is no such row. One unit under the row's lock (`atomic`, `lockLive`): the guard
 * sees every write committed before, and a write that locks the row waits for the delete.
 */
export function guardedSoftDelete(
  db: AppDatabase,
  table: SoftDeleteTable,
  id: number,
  now: Date,
  guard: (tx: AppDatabase, id: number) => Promise<void>,
): Promise<boolean> {
  return atomic(db, async (tx) => {
    if (!(await lockLive(tx, table, id))) return false;
    await guard(tx, id);
    const set = { deletedAt: now, updatedAt: now };
    return (await updateCount(tx, table as AppTable, set, eq(table.id, id))) > 0;
  });
}
