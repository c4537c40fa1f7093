import { and, eq, isNull } from "drizzle-orm";
import { check, integer, real } from "drizzle-orm/sqlite-core";
import type { AppColumn, AppDatabase, AppTable } from "./dialect.ts";

// What `scaffold add-model` adds to src/platform/database/dialect.ts when a model first needs it: each declaration
// below, with the declarations and imports it uses, is copied once, so a project holds only the helpers it calls.

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
