/**
 * Relation loading in batches, one DataLoader per relation and request: every parent (many-to-one) or child list
 * (one-to-many) asked for while one level of the query resolves is read together by the REST layer's key loader
 * (keys.ts: one `IN (...)` per 500 keys, or OR-ed composite keys), so a list of N rows with their parents and the
 * parents' children costs a fixed number of statements, whatever N is. Soft-deleted rows count as absent.
 */
import DataLoader from "dataloader";
import type { Selections } from "../db.ts";
import { keyString, keyValues, selectByKeys } from "../keys.ts";
import type { FieldModel, RelationModel, ResourceModel } from "../model.ts";

type Row = Record<string, unknown>;
type Key = readonly unknown[];

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

const rowKey = (fields: readonly FieldModel[], row: Row) => keyString(keyValues(fields, row) ?? []);

export class RelationLoaders {
  readonly #loaders = new Map<unknown, DataLoader<Key, unknown, string>>();
  readonly #db: unknown;
  readonly #selections: (model: ResourceModel) => Selections;

  constructor(db: unknown, selections: (model: ResourceModel) => Selections) {
    this.#db = db;
    this.#selections = selections;
  }

  #loader<V>(owner: unknown, batch: (keys: readonly Key[]) => Promise<V[]>): DataLoader<Key, V, string> {
    let loader = this.#loaders.get(owner) as DataLoader<Key, V, string> | undefined;
    if (!loader) {
      loader = new DataLoader(batch, { cacheKeyFn: keyString });
      this.#loaders.set(owner, loader as DataLoader<Key, unknown, string>);
    }
    return loader;
  }

  /** The active target row `row` refers to through the relation, or null (also when a key column is null). */
  async parent(relation: RelationModel, row: Row): Promise<Row | null> {
    const key = keyValues(relation.fields, row);
    if (!key) return null;
    const { target } = relation;
    // Shared by every relation onto the same resource: they all reference its primary key.
    return this.#loader(target, async (keys) => {
      const rows = await selectByKeys(this.#db, target, this.#selections(target), target.primaryKey, keys);
      const found = new Map(rows.map((r) => [rowKey(target.primaryKey, r), r]));
      return keys.map((k) => found.get(keyString(k)) ?? null);
    }).load(key);
  }

  /** The active rows of `source` that refer to `row` through the relation, in primary-key order. */
  async children(source: ResourceModel, relation: RelationModel, row: Row): Promise<Row[]> {
    const key = keyValues(relation.targetFields, row);
    if (!key) return [];
    return this.#loader(relation, async (keys) => {
      const rows = await selectByKeys(this.#db, source, this.#selections(source), relation.fields, keys);
      rows.sort(byPrimaryKey(source));
      const groups = new Map<string, Row[]>(keys.map((k) => [keyString(k), []]));
      for (const r of rows) groups.get(rowKey(relation.fields, r))?.push(r);
      return keys.map((k) => groups.get(keyString(k)) ?? []);
    }).load(key);
  }
}
