/**
 * The few database operations the handlers need, over any Drizzle database. The query builders of the three dialects
 * share their shape but not their types, so this file is the one place that treats the database loosely. MySQL has no
 * RETURNING: it reports affected rows and generated ids instead, and the row is read back.
 */
import { and, count, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { ResourceModel } from "./model.ts";

type Row = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: Drizzle's query builders differ in type per dialect; used only here.
type Loose = any;

/** Per-resource column selections, computed once. */
export interface Selections {
  /** Output fields (not hidden). */
  readonly output: Record<string, unknown>;
  /** Primary-key fields. */
  readonly key: Record<string, unknown>;
}

export function selections(model: ResourceModel): Selections {
  return {
    output: Object.fromEntries(model.outputFields.map((f) => [f.name, f.column])),
    key: Object.fromEntries(model.primaryKey.map((f) => [f.name, f.column])),
  };
}

const activeConditions = new WeakMap<ResourceModel, SQL | undefined>();

/** `deleted = false` for soft-delete resources (soft-deleted rows count as absent), undefined for the others. */
export function activeRows(model: ResourceModel): SQL | undefined {
  if (!activeConditions.has(model)) {
    const deleted = model.softDelete ? model.fieldsByName.get("deleted") : undefined;
    activeConditions.set(model, deleted ? eq(deleted.column, false) : undefined);
  }
  return activeConditions.get(model);
}

export interface PageQuery {
  readonly where: SQL | undefined;
  readonly orderBy: readonly SQL[];
  /** Numbers, or placeholders of a prepared statement. */
  readonly limit: unknown;
  readonly offset: unknown;
}

/** A page of rows (a query to prepare, or to await). */
export function selectPage(db: unknown, model: ResourceModel, selection: Selections, query: PageQuery): Loose {
  return (db as Loose)
    .select(selection.output)
    .from(model.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset);
}

/**
 * A page of rows with, in every row under `totalKey`, how many rows match `where` on all pages: an uncorrelated
 * scalar subquery, which SQLite, PostgreSQL and MySQL/MariaDB evaluate once per statement. One statement and one
 * round trip instead of the page and then its COUNT, and both read the same snapshot.
 */
export function selectPageWithTotal(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  query: PageQuery,
  totalKey: string,
): Loose {
  const total = sql`${countQuery(db, model, query.where)}`.mapWith(Number);
  return selectPage(db, model, { ...selection, output: { ...selection.output, [totalKey]: total } }, query);
}

/** `{ total }`: how many rows match `where` (a query to prepare; rows come as `[{ total }]`). */
export function countQuery(db: unknown, model: ResourceModel, where: SQL | undefined): Loose {
  return (db as Loose).select({ total: count() }).from(model.table).where(where);
}

/** At most one row matching `where` (a query to prepare, or to await). */
export function oneQuery(db: unknown, model: ResourceModel, selection: Selections, where: SQL): Loose {
  return (db as Loose).select(selection.output).from(model.table).where(where).limit(1);
}

export async function selectOne(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  where: SQL,
): Promise<Row | undefined> {
  const rows: Row[] = await oneQuery(db, model, selection, where);
  return rows[0];
}

/** Rows matching `where` in one statement (batch loading of relations; a query to prepare, or to await). */
export function selectWhere(db: unknown, model: ResourceModel, selection: Selections, where: SQL): Loose {
  return (db as Loose).select(selection.output).from(model.table).where(where);
}

/** A slice of each group of rows: positions `offset + 1` to `offset + limit` in `orderBy` order within the group. */
export interface GroupPage {
  /** The columns whose values form a group (a foreign key). */
  readonly groupBy: readonly unknown[];
  readonly orderBy: readonly SQL[];
  readonly offset: number;
  readonly limit: number;
}

const rankName = "crud_row_rank";

/**
 * Rows matching `where`, at most `limit` per group, in one statement: `ROW_NUMBER() OVER (PARTITION BY <group> ORDER BY
 * …)` in a derived table, filtered on the rank (SQLite 3.25+, PostgreSQL, MySQL 8 and MariaDB 10.2+ have it). Rows come
 * ordered by rank, so each group's rows keep `orderBy` order.
 */
export function selectGroupPages(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  where: SQL,
  page: GroupPage,
): Promise<Row[]> {
  const rank =
    sql<number>`row_number() over (partition by ${sql.join(page.groupBy as SQL[], sql`, `)} order by ${sql.join(
      [...page.orderBy],
      sql`, `,
    )})`.as(rankName);
  const ranked: Loose = (db as Loose)
    .select({ ...selection.output, [rankName]: rank })
    .from(model.table)
    .where(where)
    .as("crud_ranked");
  const fields = Object.fromEntries(Object.keys(selection.output).map((name) => [name, ranked[name]]));
  return (db as Loose)
    .select(fields)
    .from(ranked)
    .where(and(gt(ranked[rankName], page.offset), lte(ranked[rankName], page.offset + page.limit)))
    .orderBy(ranked[rankName]);
}

/** Inserts one row and returns its key values. */
export async function insertRow(db: unknown, model: ResourceModel, selection: Selections, values: Row): Promise<Row> {
  const insert = (db as Loose).insert(model.table).values(values);
  if (model.dialect !== "mysql") return (await insert.returning(selection.key))[0];
  const [generated] = await insert.$returningId();
  return { ...Object.fromEntries(model.primaryKey.map((f) => [f.name, values[f.name]])), ...generated };
}

function affected(result: Loose): number {
  return Number(result?.[0]?.affectedRows ?? 0);
}

/** Updates the rows matching `where`; returns how many matched. */
export async function updateRows(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  set: Row,
  where: SQL,
): Promise<number> {
  const update = (db as Loose).update(model.table).set(set).where(where);
  if (model.dialect !== "mysql") return (await update.returning(selection.key)).length;
  return affected(await update);
}

/** Deletes the rows matching `where`; returns how many there were. */
export async function deleteRows(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  where: SQL,
): Promise<number> {
  const remove = (db as Loose).delete(model.table).where(where);
  if (model.dialect !== "mysql") return (await remove.returning(selection.key)).length;
  return affected(await remove);
}
