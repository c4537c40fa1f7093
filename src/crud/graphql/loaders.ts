/**
 * Relation loading in batches, one DataLoader per relation and request: every parent (many-to-one) or child list
 * (one-to-many) asked for while one level of the query resolves is read with ONE `IN (...)` statement, so a list of
 * N rows with their parents and the parents' children costs a fixed number of statements, whatever N is.
 */
import DataLoader from "dataloader";
import { and, inArray, type SQL } from "drizzle-orm";
import { activeRows, type Selections, selectWhere } from "../db.ts";
import { queryLimits } from "../limits.ts";
import type { FieldModel, RelationModel, ResourceModel } from "../model.ts";

type Row = Record<string, unknown>;

const cacheKeyFn = (key: unknown) => String(key);
/** Keeps every IN list within the REST layer's bound on list values (and far below database limits). */
const maxBatchSize = queryLimits.listValues;

function activeWhere(model: ResourceModel, field: FieldModel, keys: readonly unknown[]): SQL {
  const byKey = inArray(field.column, [...keys]);
  const active = activeRows(model);
  return active ? (and(byKey, active) as SQL) : byKey;
}

/** Primary-key order, so child lists come out the same on every database. */
function byPrimaryKey(model: ResourceModel): (a: Row, b: Row) => number {
  return (a, b) => {
    for (const field of model.primaryKey) {
      const x = a[field.name] as number | string;
      const y = b[field.name] as number | string;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}

export class RelationLoaders {
  readonly #loaders = new Map<unknown, DataLoader<unknown, unknown>>();
  readonly #db: unknown;
  readonly #selections: (model: ResourceModel) => Selections;

  constructor(db: unknown, selections: (model: ResourceModel) => Selections) {
    this.#db = db;
    this.#selections = selections;
  }

  #loader<V>(owner: unknown, batch: (keys: readonly unknown[]) => Promise<V[]>): DataLoader<unknown, V> {
    let loader = this.#loaders.get(owner) as DataLoader<unknown, V> | undefined;
    if (!loader) {
      loader = new DataLoader(batch, { cacheKeyFn, maxBatchSize });
      this.#loaders.set(owner, loader as DataLoader<unknown, unknown>);
    }
    return loader;
  }

  /** The active target row of a many-to-one relation, or null. */
  parent(relation: RelationModel, key: unknown): Promise<Row | null> {
    const { target, targetField } = relation;
    return this.#loader(target, async (keys) => {
      const rows = await selectWhere(
        this.#db,
        target,
        this.#selections(target),
        activeWhere(target, targetField, keys),
      );
      const found = new Map(rows.map((row) => [String(row[targetField.name]), row]));
      return keys.map((k) => found.get(String(k)) ?? null);
    }).load(key);
  }

  /** The active rows of `source` whose foreign key (the relation's field) holds `key`, in primary-key order. */
  children(source: ResourceModel, relation: RelationModel, key: unknown): Promise<Row[]> {
    const { field } = relation;
    return this.#loader(relation, async (keys) => {
      const rows = await selectWhere(this.#db, source, this.#selections(source), activeWhere(source, field, keys));
      rows.sort(byPrimaryKey(source));
      const groups = new Map<string, Row[]>(keys.map((k) => [String(k), []]));
      for (const row of rows) groups.get(String(row[field.name]))?.push(row);
      return keys.map((k) => groups.get(String(k)) ?? []);
    }).load(key);
  }
}
