/**
 * Output objects: rows selected with the output columns (hidden ones are never read), 64-bit integers as strings,
 * optional removal of nulls, and many-to-one relations (single-column or composite keys) expanded level by level with
 * ONE query per target resource and level. A relation stays its id beyond `maxDepth`, on a cycle (the same row
 * already on the path from the root), when the caller may not read the target resource, and when the target row is
 * absent or soft-deleted.
 */
import type { Selections } from "./db.ts";
import { keyString, keyValues, selectByKeys } from "./keys.ts";
import type { FieldModel, ResourceModel } from "./model.ts";
import { relationId } from "./relations.ts";
import type { ReadAccess } from "./security.ts";

type Row = Record<string, unknown>;

export interface OutputContext {
  readonly db: unknown;
  readonly selections: (model: ResourceModel) => Selections;
}

interface Node {
  readonly row: Row;
  readonly model: ResourceModel;
  /** `resource:id` of this row and its ancestors (empty when cycles are not detected). */
  readonly path: readonly string[];
}

const bigintFields = new WeakMap<ResourceModel, readonly FieldModel[]>();

function bigints(model: ResourceModel): readonly FieldModel[] {
  let fields = bigintFields.get(model);
  if (!fields) {
    fields = model.outputFields.filter((f) => f.kind === "bigint");
    bigintFields.set(model, fields);
  }
  return fields;
}

function nodeKey(model: ResourceModel, key: string): string {
  return `${model.name}:${key}`;
}

function keyOf(model: ResourceModel, row: Row): string {
  return nodeKey(model, keyString(model.primaryKey.map((f) => row[f.name])));
}

/** The relation targets of this level's rows the caller may read (asked once per target resource). */
async function readableTargets(frontier: readonly Node[], access: ReadAccess): Promise<Set<ResourceModel>> {
  const targets = new Set<ResourceModel>();
  for (const model of new Set(frontier.map((node) => node.model))) {
    for (const relation of model.relations) targets.add(relation.target);
  }
  const readable = new Set<ResourceModel>();
  for (const target of targets) if (await access(target)) readable.add(target);
  return readable;
}

const none: ReadonlySet<ResourceModel> = new Set();

/** Expands relations in place, level by level. */
async function expand(
  context: OutputContext,
  root: ResourceModel,
  rows: readonly Row[],
  access: ReadAccess,
): Promise<void> {
  const { maxDepth, detectCycles } = root.mapping;
  // Paths are read only to detect cycles among embedded rows: without either, no key strings are built per row.
  const tracked = detectCycles && maxDepth > 0;
  let frontier: Node[] = rows.map((row) => ({ row, model: root, path: tracked ? [keyOf(root, row)] : [] }));
  for (let level = 1; frontier.length > 0; level++) {
    type Ref = { node: Node; name: string; key: string };
    const wanted = new Map<ResourceModel, { keys: Map<string, unknown[]>; refs: Ref[] }>();
    const readable = level > maxDepth ? none : await readableTargets(frontier, access);
    for (const node of frontier) {
      for (const relation of node.model.relations) {
        const values = keyValues(relation.fields, node.row);
        node.row[relation.name] = relationId(values);
        if (!values || !readable.has(relation.target)) continue;
        const key = keyString(values);
        if (detectCycles && node.path.includes(nodeKey(relation.target, key))) continue;
        let entry = wanted.get(relation.target);
        if (!entry) {
          entry = { keys: new Map(), refs: [] };
          wanted.set(relation.target, entry);
        }
        entry.keys.set(key, values);
        entry.refs.push({ node, name: relation.name, key });
      }
    }
    const next: Node[] = [];
    for (const [target, { keys, refs }] of wanted) {
      const selection = context.selections(target);
      const loaded = await selectByKeys(context.db, target, selection, target.primaryKey, [...keys.values()]);
      const byKey = new Map(loaded.map((row) => [keyString(target.primaryKey.map((f) => row[f.name])), row]));
      for (const ref of refs) {
        const found = byKey.get(ref.key);
        if (!found) continue;
        const row = { ...found };
        ref.node.row[ref.name] = row;
        next.push({ row, model: target, path: tracked ? [...ref.node.path, nodeKey(target, ref.key)] : [] });
      }
    }
    frontier = next;
  }
}

/** JSON-safe values: bigint -> string; nested objects too; nulls dropped when the mapping says so. */
function finish(model: ResourceModel, row: Row, includeNulls: boolean): Row {
  for (const field of bigints(model)) {
    const value = row[field.name];
    if (typeof value === "bigint") row[field.name] = value.toString();
  }
  for (const relation of model.relations) {
    const value = row[relation.name];
    if (typeof value === "bigint") row[relation.name] = value.toString();
    else if (value && typeof value === "object") finish(relation.target, value as Row, includeNulls);
  }
  if (!includeNulls) {
    for (const key of Object.keys(row)) if (row[key] === null) delete row[key];
  }
  return row;
}

/** Turns selected rows into output objects (mutates and returns them); `access` is the caller's read access. */
export async function toOutput(
  context: OutputContext,
  model: ResourceModel,
  rows: Row[],
  access: ReadAccess,
): Promise<Row[]> {
  if (model.relations.length > 0) await expand(context, model, rows, access);
  const includeNulls = model.mapping.includeNullFields;
  if (includeNulls && model.relations.length === 0 && bigints(model).length === 0) return rows;
  for (const row of rows) finish(model, row, includeNulls);
  return rows;
}
