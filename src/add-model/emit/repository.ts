import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields } from "./fields.ts";
import { importLines } from "./imports.ts";

/**
 * `src/adapters/persistence/<plural>.repository.ts`: the port over Drizzle, written once for every database. The
 * reads and writes every resource has come from base's `liveRows`; this adds the reads of the relations.
 */
export function emitRepository(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const t = names.pluralCamel;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique);
  const catchTaken = unique.length > 0 ? ".catch(taken)" : "";
  const properties = [...record.fields.map(propertyName), ...references.map((reference) => reference.property)];
  const publicColumns = ["id", ...properties, "createdAt", "updatedAt"].map((name) => `  ${name}: ${t}.${name},`);
  const takenLines =
    unique.length === 0
      ? []
      : [
          "",
          `const TAKEN = "A ${names.words} with this ${unique.map((field) => field.name).join(" or ")} already exists";`,
          "",
          "/** A unique-constraint violation as the domain's CONFLICT. */",
          "const taken = (error: unknown) => Promise.reject(isUniqueViolation(error) ? conflict(TAKEN) : error);",
        ];
  const relationReads =
    references.length === 0
      ? []
      : [
          "",
          `/** The reads of the ${names.pluralWords} of one parent, prepared once (liveRows prepares the others). */`,
          "function parentReads(db: AppDatabase) {",
          ...references.map(
            ({ parent, property }) =>
              `  const by${parent.names.pascal} = and(eq(${t}.${property}, sql.placeholder("${property}")), live);`,
          ),
          "  return {",
          ...references.flatMap(({ parent }) => {
            const Parent = parent.names.pascal;
            const snake = parent.names.snake;
            return [
              `    pageBy${Parent}: prepared(`,
              `      "${names.pluralSnake}_page_by_${snake}",`,
              "      db",
              "        .select(publicColumns)",
              `        .from(${t})`,
              `        .where(by${Parent})`,
              `        .orderBy(asc(${t}.id))`,
              `        .limit(sql.placeholder("limit"))`,
              `        .offset(sql.placeholder("offset")),`,
              "    ),",
              `    anyFor${Parent}: prepared(`,
              `      "${names.pluralSnake}_any_for_${snake}",`,
              `      db.select({ id: ${t}.id }).from(${t}).where(by${Parent}).limit(1),`,
              "    ),",
            ];
          }),
          "  };",
          "}",
        ];
  const parentMethods = references.flatMap(({ parent, property }) => {
    const Parent = parent.names.pascal;
    return [
      "",
      `  listBy${Parent}(${property}: number, page: { limit: number; offset: number }): Promise<${P}[]> {`,
      `    return this.#parentReads.pageBy${Parent}.execute({ ${property}, ...page });`,
      "  }",
      "",
      `  async findBy${Parent}Ids(${property}s: number[]): Promise<${P}[]> {`,
      `    if (${property}s.length === 0) return [];`,
      "    return this.#db",
      "      .select(publicColumns)",
      `      .from(${t})`,
      `      .where(and(inArray(${t}.${property}, ${property}s), live))`,
      `      .orderBy(asc(${t}.id));`,
      "  }",
      "",
      `  async existsFor${Parent}(${property}: number): Promise<boolean> {`,
      `    return (await this.#parentReads.anyFor${Parent}.execute({ ${property} })).length > 0;`,
      "  }",
    ];
  });
  const hasParents = references.length > 0;
  const imports = importLines([
    { from: "drizzle-orm", names: ["and", "asc", "inArray", "isNull", ...(hasParents ? ["eq", "sql"] : [])] },
    ...(unique.length > 0 ? [{ from: "../../domain/errors.ts", names: ["conflict"] }] : []),
    { from: `../../domain/${names.kebab}.ts`, names: [P], typeOnly: true },
    { from: `../../ports/${names.kebab}-repository.ts`, names: [`${P}Fields`, `${P}Repository`], typeOnly: true },
    {
      from: "./dialect.ts",
      names: [
        "type AppDatabase",
        ...(unique.length > 0 ? ["isUniqueViolation"] : []),
        ...(hasParents ? ["prepared"] : []),
      ],
    },
    { from: "./live-rows.ts", names: ["liveRows"] },
    { from: `./${names.pluralKebab}.table.ts`, names: [t] },
  ]);
  return [
    ...imports,
    "",
    "const publicColumns = {",
    ...publicColumns,
    "};",
    `const live = isNull(${t}.deletedAt);`,
    ...takenLines,
    ...relationReads,
    "",
    "/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */",
    `export class Drizzle${P}Repository implements ${P}Repository {`,
    "  readonly #db: AppDatabase;",
    `  readonly #rows: ReturnType<typeof liveRows<typeof ${t}, typeof publicColumns>>;`,
    ...(hasParents ? ["  readonly #parentReads: ReturnType<typeof parentReads>;"] : []),
    "",
    "  constructor(db: AppDatabase) {",
    "    this.#db = db;",
    `    this.#rows = liveRows(db, "${names.pluralSnake}", ${t}, publicColumns);`,
    ...(hasParents ? ["    this.#parentReads = parentReads(db);"] : []),
    "  }",
    "",
    `  create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
    `    return this.#rows.create(fields, now)${catchTaken};`,
    "  }",
    "",
    `  findById(id: number): Promise<${P} | undefined> {`,
    "    return this.#rows.byId(id);",
    "  }",
    "",
    `  async findByIds(ids: number[]): Promise<${P}[]> {`,
    "    if (ids.length === 0) return [];",
    "    return this.#db",
    "      .select(publicColumns)",
    `      .from(${t})`,
    `      .where(and(inArray(${t}.id, ids), live))`,
    `      .orderBy(asc(${t}.id));`,
    "  }",
    "",
    `  list(page: { limit: number; offset: number }): Promise<${P}[]> {`,
    "    return this.#rows.page(page);",
    "  }",
    "",
    `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
    `    const changed = await this.#rows.update(id, fields, now)${catchTaken};`,
    "    return changed ? this.findById(id) : undefined;",
    "  }",
    "",
    "  softDelete(id: number, now: Date): Promise<boolean> {",
    "    return this.#rows.softDelete(id, now);",
    "  }",
    ...parentMethods,
    "}",
    "",
    `const instances = new WeakMap<AppDatabase, Drizzle${P}Repository>();`,
    "",
    "/** One repository per database: the modules of related models share it (and its prepared statements). */",
    `export function ${names.camel}Repository(db: AppDatabase): Drizzle${P}Repository {`,
    "  let repository = instances.get(db);",
    "  if (!repository) {",
    `    repository = new Drizzle${P}Repository(db);`,
    "    instances.set(db, repository);",
    "  }",
    "  return repository;",
    "}",
    "",
  ].join("\n");
}
