/** Many-to-one relations of a model: from the table's single-column foreign keys, plus the declared ones. */
import type { Table } from "drizzle-orm";
import { tableInfo } from "./dialect.ts";
import type { ResourceModel } from "./model.ts";

/** Default relation name for a foreign-key column: `authorId` / `author_id` -> `author`. */
function relationName(column: string): string | undefined {
  const match = /^(.+?)(Id|_id)$/.exec(column);
  return match?.[1];
}

export function resolveRelations(model: ResourceModel, byTable: ReadonlyMap<Table, ResourceModel>): void {
  const where = `resource '${model.name}'`;
  const explicit = Object.entries(model.resource.options.relations ?? {}).map(([name, relation]) => ({
    name,
    column: relation.column as string,
    references: relation.references,
  }));
  const declared = new Set(explicit.map((r) => r.column));
  const automatic = tableInfo(model.table)
    .foreignKeys.filter((fk) => fk.columns.length === 1)
    .flatMap((fk) => {
      const field = model.fields.find((f) => f.column.name === fk.columns[0]?.name);
      const name = field && relationName(field.name);
      if (!field || !name || declared.has(field.name) || !byTable.has(fk.foreignTable)) return [];
      return [{ name, column: field.name, references: fk.foreignTable }];
    });
  for (const { name, column, references } of [...explicit, ...automatic]) {
    const field = model.fieldsByName.get(column);
    if (!field) throw new Error(`${where}: relation '${name}' names no column '${column}'`);
    if (model.fieldsByName.has(name)) throw new Error(`${where}: relation '${name}' collides with a column name`);
    const target = byTable.get(references);
    if (!target) throw new Error(`${where}: relation '${name}' references a table with no registered resource`);
    const targetField = target.primaryKey[0];
    if (target.primaryKey.length !== 1 || !targetField) {
      throw new Error(`${where}: relation '${name}' must reference a single-column primary key`);
    }
    if (!field.hidden) model.relations.push({ name, field, target, targetField });
  }
}
