/**
 * Matching rows by key, on one column or several: the string form of a key (as in URLs), the WHERE of a set of keys,
 * and loading the rows of many keys in few statements. Relation embedding (output.ts) uses it; so can any other batch
 * loader: many-to-one with the target's `primaryKey` as `fields`, one-to-many with the relation's `fields`.
 */
import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import { activeRows, type GroupPage, type Selections, selectGroupPages, selectWhere } from "./db.ts";
import { queryLimits } from "./limits.ts";
import type { FieldModel, ResourceModel } from "./model.ts";
import { prepared, slot, slotValues } from "./statements.ts";

type Row = Record<string, unknown>;

/** The values of `fields` on `row`, or undefined when one is null (a partly null foreign key references nothing). */
export function keyValues(fields: readonly FieldModel[], row: Row): unknown[] | undefined {
  const values = fields.map((field) => row[field.name]);
  return values.some((value) => value === null || value === undefined) ? undefined : values;
}

/**
 * A key as one string: its values percent-encoded and joined by commas, the `{id}` form of the URLs (`42,a%2Cb`). Equal
 * keys give equal strings whatever the driver returned (5 and 5n), so it keys maps.
 */
export function keyString(values: readonly unknown[]): string {
  return values
    .map((value) => encodeURIComponent(value instanceof Date ? value.toISOString() : String(value)))
    .join(",");
}

/** Rows whose `fields` hold one of `keys`: `IN (…)` on one column, `(a = ? AND b = ?) OR …` on several. */
export function keysCondition(fields: readonly FieldModel[], keys: readonly (readonly unknown[])[]): SQL {
  const [single] = fields;
  if (single && fields.length === 1)
    return inArray(
      single.column,
      keys.map(([value]) => value),
    );
  return or(...keys.map((key) => and(...fields.map((field, i) => eq(field.column, key[i]))))) as SQL;
}

/** Composite keys per statement: each is an AND in an OR chain, which SQLite nests (expression depth limit 1,000). */
const compositeKeysPerStatement = 100;

/** Which rows of each key's group to read: positions `offset + 1` to `offset + limit` in `orderBy` order. */
export type KeyPage = Omit<GroupPage, "groupBy">;

/**
 * The active rows of `model` (soft-deleted ones count as absent) whose `fields` hold one of `keys` (distinct, without
 * nulls): one statement per 500 single-column keys or 100 composite keys, none for no keys. With `page`, at most
 * `page.limit` rows per key (a window function in the same statement), in `page.orderBy` order within a key.
 */
export async function selectByKeys(
  db: unknown,
  model: ResourceModel,
  selection: Selections,
  fields: readonly FieldModel[],
  keys: readonly (readonly unknown[])[],
  page?: KeyPage,
): Promise<Row[]> {
  const perStatement = fields.length === 1 ? queryLimits.listValues : compositeKeysPerStatement;
  const active = activeRows(model);
  const groupBy = fields.map((field) => field.column);
  const rows: Row[] = [];
  const activeOnly = (byKeys: SQL) => (active ? (and(byKeys, active) as SQL) : byKeys);
  for (let start = 0; start < keys.length; start += perStatement) {
    const chunk = keys.slice(start, start + perStatement);
    if (page) {
      const where = activeOnly(keysCondition(fields, chunk));
      rows.push(...(await selectGroupPages(db, model, selection, where, { ...page, groupBy })));
      continue;
    }
    // A prepared statement per key fields and key count; values bound as p0, p1, … key by key.
    const shape = `keys:${fields.map((field) => field.name).join(",")}:${chunk.length}`;
    const statement = prepared(db, model, shape, () => {
      let index = 0;
      const slots = chunk.map(() => fields.map((field) => slot(index++, field.column)));
      return selectWhere(db, model, selection, activeOnly(keysCondition(fields, slots)));
    });
    rows.push(...((await statement.execute(slotValues(chunk.flat()))) as Row[]));
  }
  return rows;
}
