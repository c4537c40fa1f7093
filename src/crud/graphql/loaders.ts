/**
 * Relation loading in batches, one DataLoader per relation and request: every parent (many-to-one) or child list
 * (one-to-many) asked for while one level of the query resolves is read together by the REST layer's key loader
 * (keys.ts: one `IN (...)` per 500 keys, or OR-ed composite keys), so a list of N rows with their parents and the
 * parents' children costs a fixed number of statements, whatever N is. Child lists are paged per parent in that same
 * statement (a window function), one loader per relation and page. Soft-deleted rows count as absent.
 */
import DataLoader from "dataloader";
import type { Selections } from "../db.ts";
import { type KeyPage, keyString, keyValues, selectByKeys } from "../keys.ts";
import type { FieldModel, RelationModel, ResourceModel } from "../model.ts";

type Row = Record<string, unknown>;
type Key = readonly unknown[];

const rowKey = (fields: readonly FieldModel[], row: Row) => keyString(keyValues(fields, row) ?? []);

export class RelationLoaders {
  readonly #loaders = new Map<unknown, Map<string, DataLoader<Key, unknown, string>>>();
  readonly #db: unknown;
  readonly #selections: (model: ResourceModel) => Selections;

  constructor(db: unknown, selections: (model: ResourceModel) => Selections) {
    this.#db = db;
    this.#selections = selections;
  }

  /** The loader of `owner` and `variant` (a child page: the same relation asked with other arguments is another batch). */
  #loader<V>(
    owner: unknown,
    variant: string,
    batch: (keys: readonly Key[]) => Promise<V[]>,
  ): DataLoader<Key, V, string> {
    let variants = this.#loaders.get(owner);
    if (!variants) {
      variants = new Map();
      this.#loaders.set(owner, variants);
    }
    let loader = variants.get(variant) as DataLoader<Key, V, string> | undefined;
    if (!loader) {
      loader = new DataLoader(batch, { cacheKeyFn: keyString });
      variants.set(variant, loader as DataLoader<Key, unknown, string>);
    }
    return loader;
  }

  /** The active target row with the key (the relation's `fields` values of the referring row), or null. */
  parent(relation: RelationModel, key: Key): Promise<Row | null> {
    const { target } = relation;
    // Shared by every relation onto the same resource: they all reference its primary key.
    return this.#loader(target, "", async (keys) => {
      const rows = await selectByKeys(this.#db, target, this.#selections(target), target.primaryKey, keys);
      const found = new Map(rows.map((r) => [rowKey(target.primaryKey, r), r]));
      return keys.map((k) => found.get(keyString(k)) ?? null);
    }).load(key);
  }

  /** The active rows of `source` that refer to `row` through the relation: `page` of them, in its order. */
  async children(source: ResourceModel, relation: RelationModel, row: Row, page: KeyPage): Promise<Row[]> {
    const key = keyValues(relation.targetFields, row);
    if (!key) return [];
    return this.#loader(relation, `${page.offset}:${page.limit}`, async (keys) => {
      const rows = await selectByKeys(this.#db, source, this.#selections(source), relation.fields, keys, page);
      const groups = new Map<string, Row[]>(keys.map((k) => [keyString(k), []]));
      for (const r of rows) groups.get(rowKey(relation.fields, r))?.push(r);
      return keys.map((k) => groups.get(keyString(k)) ?? []);
    }).load(key);
  }
}
