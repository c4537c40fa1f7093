import { type Field, propertyName } from "../field-spec.ts";
import type { EmitContext } from "../model.ts";
import { referenceFields } from "./fields.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceImport, TEST_SUPPORT } from "./paths.ts";

/** Whether a unique field's value is taken (null never is: the database allows many). */
function taken(field: Field, except: string): string {
  const value = `fields.${propertyName(field)}`;
  const check = `this.table.taken("${propertyName(field)}", ${value}${except})`;
  return field.notNull ? check : `(${value} !== null && ${check})`;
}

/** `src/<plural>/<plural>.in-memory.ts`: the port in memory (over base's InMemoryRows), for service and HTTP tests. */
export function emitInMemory(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const c = names.camel;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique);
  const takenCheck = (except: string) =>
    unique.length === 0
      ? []
      : [
          `    if (${unique.map((field) => taken(field, except)).join(" || ")}) {`,
          "      throw conflict(TAKEN);",
          "    }",
        ];
  const parentMethods = references.flatMap(({ parent, property }) => [
    "",
    `  async listBy${parent.names.pascal}(${property}: number, bounds: { limit: number; offset: number }): Promise<${P}[]> {`,
    `    const rows = this.rows.filter((row) => !row.deletedAt && row.${property} === ${property});`,
    `    return rows.slice(bounds.offset, bounds.offset + bounds.limit).map(public${P});`,
    "  }",
    "",
    `  async findBy${parent.names.pascal}Ids(${property}s: number[]): Promise<${P}[]> {`,
    `    return this.rows.filter((row) => !row.deletedAt && ${property}s.includes(row.${property})).map(public${P});`,
    "  }",
    "",
    `  async existsFor${parent.names.pascal}(${property}: number): Promise<boolean> {`,
    `    return this.rows.some((row) => !row.deletedAt && row.${property} === ${property});`,
    "  }",
  ]);
  return [
    ...importLines([
      { from: `${TEST_SUPPORT}/in-memory-rows.ts`, names: ["InMemoryRows", "type StoredRow"] },
      ...(unique.length > 0 ? [{ from: `${PLATFORM}/errors.ts`, names: ["conflict"] }] : []),
      { from: resourceImport(names, names, "domain"), names: [P], typeOnly: true },
      { from: resourceImport(names, names, "port"), names: [`${P}Fields`, `${P}Repository`], typeOnly: true },
    ]),
    "",
    `type ${P}Row = ${P} & StoredRow;`,
    "",
    ...(unique.length > 0
      ? [
          `const TAKEN = "A ${names.words} with this ${unique.map((field) => field.name).join(" or ")} already exists";`,
          "",
        ]
      : []),
    "/** What the port answers: the row without its deletion time. */",
    `const public${P} = ({ deletedAt: _deletedAt, ...${c} }: ${P}Row): ${P} => ${c};`,
    "",
    `/** The ${names.words} repository in memory, for fast service and handler tests. */`,
    `export class InMemory${P}Repository implements ${P}Repository {`,
    `  readonly table = new InMemoryRows<${P}Row>();`,
    "  readonly rows = this.table.rows;",
    "",
    `  async create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
    ...takenCheck(""),
    `    return public${P}(this.table.insert(fields, now));`,
    "  }",
    "",
    `  async findById(id: number): Promise<${P} | undefined> {`,
    "    const row = this.table.live(id);",
    `    return row && public${P}(row);`,
    "  }",
    "",
    `  async findByIds(ids: number[]): Promise<${P}[]> {`,
    `    return this.rows.filter((row) => !row.deletedAt && ids.includes(row.id)).map(public${P});`,
    "  }",
    "",
    `  async list(bounds: { limit: number; offset: number }): Promise<${P}[]> {`,
    `    return this.table.page(bounds).map(public${P});`,
    "  }",
    "",
    `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
    ...(unique.length > 0 ? ["    if (!this.table.live(id)) return undefined;"] : []),
    ...takenCheck(", id"),
    "    const row = this.table.update(id, fields, now);",
    `    return row && public${P}(row);`,
    "  }",
    "",
    "  async softDelete(id: number, now: Date): Promise<boolean> {",
    "    return this.table.softDelete(id, now);",
    "  }",
    ...parentMethods,
    "}",
    "",
  ].join("\n");
}
