import type { Field } from "../field-spec.ts";
import type { EmitContext } from "../model.ts";
import { fitOrBreak, propertyName, referenceFields } from "./fields.ts";
import { importLines } from "./imports.ts";

const sameValue = (fields: Field[]): string => {
  const checks = fields.map((field) => `row.${propertyName(field)} === fields.${propertyName(field)}`);
  return checks.length === 1 ? (checks[0] as string) : `(${checks.join(" || ")})`;
};

/** `test/support/in-memory-<plural>.ts`: the port in memory, for service and handler tests. */
export function emitInMemory(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique);
  const takenCheck = unique.length === 0 ? [] : [`    if (this.#taken(fields)) throw conflict(TAKEN);`];
  const takenCheckUpdate = unique.length === 0 ? [] : [`    if (this.#taken(fields, id)) throw conflict(TAKEN);`];
  const takenMethod =
    unique.length === 0
      ? []
      : [
          "",
          "  /** Like the database's unique constraints: a deleted row's values stay taken. */",
          `  #taken(fields: ${P}Fields, except?: number): boolean {`,
          ...fitOrBreak(`    return this.rows.some((row) => row.id !== except && ${sameValue(unique)});`, [
            "    return this.rows.some(",
            `      (row) => row.id !== except && ${sameValue(unique)},`,
            "    );",
          ]),
          "  }",
        ];
  const parentMethods = references.flatMap(({ parent, property }) => [
    "",
    `  async listBy${parent.names.pascal}(${property}: number, { limit, offset }: { limit: number; offset: number }): Promise<${P}[]> {`,
    "    return this.rows",
    `      .filter((row) => !row.deletedAt && row.${property} === ${property})`,
    "      .slice(offset, offset + limit)",
    `      .map(public${P});`,
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
      ...(unique.length > 0 ? [{ from: "../../src/domain/errors.ts", names: ["conflict"] }] : []),
      { from: `../../src/domain/${names.kebab}.ts`, names: [P], typeOnly: true },
      { from: `../../src/ports/${names.kebab}-repository.ts`, names: [`${P}Fields`, `${P}Repository`], typeOnly: true },
    ]),
    "",
    ...(unique.length > 0
      ? [
          `const TAKEN = "A ${names.words} with this ${unique.map((field) => field.name).join(" or ")} already exists";`,
          "",
        ]
      : []),
    `interface ${P}Row extends ${P} {`,
    "  deletedAt: Date | null;",
    "}",
    "",
    `/** The ${names.words} repository in memory, for fast service and handler tests. */`,
    `export class InMemory${P}Repository implements ${P}Repository {`,
    `  readonly rows: ${P}Row[] = [];`,
    "",
    `  async create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
    ...takenCheck,
    "    const row = { ...fields, id: this.rows.length + 1, createdAt: now, updatedAt: now, deletedAt: null };",
    "    this.rows.push(row);",
    `    return public${P}(row);`,
    "  }",
    "",
    `  async findById(id: number): Promise<${P} | undefined> {`,
    "    const row = this.#live(id);",
    `    return row && public${P}(row);`,
    "  }",
    "",
    `  async findByIds(ids: number[]): Promise<${P}[]> {`,
    `    return this.rows.filter((row) => !row.deletedAt && ids.includes(row.id)).map(public${P});`,
    "  }",
    "",
    `  async list({ limit, offset }: { limit: number; offset: number }): Promise<${P}[]> {`,
    "    return this.rows",
    "      .filter((row) => !row.deletedAt)",
    "      .slice(offset, offset + limit)",
    `      .map(public${P});`,
    "  }",
    "",
    `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
    "    const row = this.#live(id);",
    "    if (!row) return undefined;",
    ...takenCheckUpdate,
    "    Object.assign(row, { ...fields, updatedAt: now });",
    `    return public${P}(row);`,
    "  }",
    "",
    "  async softDelete(id: number, now: Date): Promise<boolean> {",
    "    const row = this.#live(id);",
    "    if (row) Object.assign(row, { deletedAt: now, updatedAt: now });",
    "    return Boolean(row);",
    "  }",
    ...parentMethods,
    ...takenMethod,
    "",
    `  #live(id: number): ${P}Row | undefined {`,
    "    return this.rows.find((row) => row.id === id && !row.deletedAt);",
    "  }",
    "}",
    "",
    "/** What the port answers: the row without its deletion time. */",
    `const public${P} = ({ deletedAt: _deletedAt, ...${names.camel} }: ${P}Row): ${P} => ${names.camel};`,
    "",
  ].join("\n");
}
