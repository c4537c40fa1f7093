/**
 * Many-to-one relations of a model: from the table's foreign keys (single-column or composite) onto registered
 * resources, plus the declared ones. A relation's key is matched against the target's primary key (keys.ts).
 */
import type { Table } from "drizzle-orm";
import { tableInfo } from "./dialect.ts";
import { keyString } from "./keys.ts";
import type { FieldModel, ResourceModel } from "./model.ts";

interface Declared {
  readonly name: string;
  readonly columns: readonly string[];
  readonly references: Table;
  /** Skipped, not refused, when its name collides with a column: a composite foreign key found automatically. */
  readonly lenient: boolean;
}

/** Default relation name for a foreign-key column: `authorId` / `author_id` -> `author`. */
function relationName(column: string): string | undefined {
  const match = /^(.+?)(Id|_id)$/.exec(column);
  return match?.[1];
}

/**
 * Default name of a composite relation: the longest common prefix of its column keys that ends a word in each
 * (`tagBookId`, `tagName` -> `tag`; `shelf_room`, `shelf_slot` -> `shelf`); none when they share no word.
 */
function prefixName(columns: readonly string[]): string | undefined {
  const first = columns[0] ?? "";
  for (let length = first.length; length > 0; length--) {
    const prefix = first.slice(0, length);
    const wordEnds = columns.every((c) => c.startsWith(prefix) && /^[A-Z_]/.test(c.slice(length)));
    const name = prefix.replace(/_+$/, "");
    if (wordEnds && name) return name;
  }
  return undefined;
}

/** Relations found from the table's foreign keys onto registered resources, in the target's primary-key order. */
function automaticRelations(
  model: ResourceModel,
  byTable: ReadonlyMap<Table, ResourceModel>,
  declaredColumns: ReadonlySet<string>,
): Declared[] {
  return tableInfo(model.table).foreignKeys.flatMap((fk): Declared[] => {
    const target = byTable.get(fk.foreignTable);
    const fields = fk.columns.map((column) => model.fields.find((f) => f.column.name === column.name));
    if (!target || fields.some((f) => !f || declaredColumns.has(f.name))) return [];
    const keys = (fields as FieldModel[]).map((f) => f.name);
    if (keys.length === 1) {
      const name = relationName(keys[0] as string);
      return name ? [{ name, columns: keys, references: fk.foreignTable, lenient: false }] : [];
    }
    // Reorder to the target's primary key; a composite foreign key onto another unique key is not a relation here.
    const positions = target.primaryKey.map((pk) => fk.foreignColumns.findIndex((c) => c.name === pk.column.name));
    const name = prefixName(keys);
    if (!name || positions.length !== keys.length || positions.includes(-1)) return [];
    return [{ name, columns: positions.map((i) => keys[i] as string), references: fk.foreignTable, lenient: true }];
  });
}

export function resolveRelations(model: ResourceModel, byTable: ReadonlyMap<Table, ResourceModel>): void {
  const where = `resource '${model.name}'`;
  const explicit: Declared[] = Object.entries(model.resource.options.relations ?? {}).map(([name, relation]) => ({
    name,
    columns: (relation.columns ?? [relation.column]) as readonly string[],
    references: relation.references,
    lenient: false,
  }));
  const declaredColumns = new Set(explicit.flatMap((r) => r.columns));
  for (const { name, columns, references, lenient } of [
    ...explicit,
    ...automaticRelations(model, byTable, declaredColumns),
  ]) {
    const fields = columns.map((column) => {
      const field = model.fieldsByName.get(column);
      if (!field) throw new Error(`${where}: relation '${name}' names no column '${column}'`);
      return field;
    });
    if (model.fieldsByName.has(name)) {
      if (lenient) continue;
      throw new Error(`${where}: relation '${name}' collides with a column name`);
    }
    const target = byTable.get(references);
    if (!target) throw new Error(`${where}: relation '${name}' references a table with no registered resource`);
    const targetFields = target.primaryKey;
    if (targetFields.length !== fields.length) {
      throw new Error(
        `${where}: relation '${name}' has ${fields.length} column(s), the primary key of '${target.name}' ` +
          `${targetFields.length}`,
      );
    }
    if (fields.some((f) => f.hidden)) continue;
    model.relations.push({
      name,
      fields,
      target,
      targetFields,
      field: fields[0] as FieldModel,
      targetField: targetFields[0] as FieldModel,
    });
  }
}

/**
 * What a relation is output as when its row is not embedded, from its key values (`keyValues(relation.fields, row)`):
 * the foreign-key value, or for a composite key the `{id}` path form (`42,scifi`); null when a key column is null.
 */
export function relationId(values: readonly unknown[] | undefined): unknown {
  if (!values) return null;
  return values.length === 1 ? values[0] : keyString(values);
}
