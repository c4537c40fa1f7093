import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields } from "./fields.ts";
import { importLines } from "./imports.ts";

/** `src/adapters/persistence/<plural>.repository.ts`: the port over Drizzle, written once for every database. */
export function emitRepository(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const t = names.pluralCamel;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique);
  const properties = [...record.fields.map(propertyName), ...references.map((reference) => reference.property)];
  const publicColumns = ["id", ...properties, "createdAt", "updatedAt"].map((name) => `  ${name}: ${t}.${name},`);
  const catchTaken = unique.length > 0 ? ".catch(taken)" : "";
  const takenFunction =
    unique.length === 0
      ? []
      : [
          "",
          `const TAKEN = "A ${names.words} with this ${unique.map((field) => field.name).join(" or ")} already exists";`,
          "",
          "/** A unique-constraint violation as the domain's CONFLICT. */",
          "function taken(error: unknown): Promise<never> {",
          "  return Promise.reject(isUniqueViolation(error) ? conflict(TAKEN) : error);",
          "}",
        ];
  const parentReads = references.flatMap(({ parent, property }) => {
    const Parent = parent.names.pascal;
    return [`  const by${Parent} = and(eq(${t}.${property}, sql.placeholder("${property}")), live);`];
  });
  const parentStatements = references.flatMap(({ parent }) => {
    const Parent = parent.names.pascal;
    const snake = parent.names.snake;
    return [
      `    pageBy${Parent}: prepared(`,
      `      "${names.pluralSnake}_page_by_${snake}",`,
      "      db",
      `        .select(publicColumns)`,
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
  });
  const parentMethods = references.flatMap(({ parent, property }) => {
    const Parent = parent.names.pascal;
    return [
      "",
      `  listBy${Parent}(${property}: number, page: { limit: number; offset: number }): Promise<${P}[]> {`,
      `    return this.#reads.pageBy${Parent}.execute({ ${property}, ...page });`,
      "  },",
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
      `    return (await this.#reads.anyFor${Parent}.execute({ ${property} })).length > 0;`,
      "  }",
    ].map((line) => (line === "  }," ? "  }" : line));
  });
  const imports = importLines([
    { from: "drizzle-orm", names: ["and", "asc", "eq", "inArray", "isNull", "sql"] },
    ...(unique.length > 0 ? [{ from: "../../domain/errors.ts", names: ["conflict"] }] : []),
    { from: `../../domain/${names.kebab}.ts`, names: [P], typeOnly: true },
    { from: `../../ports/${names.kebab}-repository.ts`, names: [`${P}Fields`, `${P}Repository`], typeOnly: true },
    {
      from: "./dialect.ts",
      names: ["type AppDatabase", "insertId", ...(unique.length > 0 ? ["isUniqueViolation"] : []), "prepared"],
    },
    { from: `./${names.pluralKebab}.table.ts`, names: [t] },
  ]);
  return [
    ...imports,
    "",
    "const publicColumns = {",
    ...publicColumns,
    "};",
    `const live = isNull(${t}.deletedAt);`,
    ...takenFunction,
    "",
    "/**",
    " * The reads, built once as prepared statements: a request then only binds its values (`sql.placeholder`) instead of",
    " * building the query again. Writes, and reads of a variable number of ids, stay one-off queries.",
    " */",
    "function reads(db: AppDatabase) {",
    `  const byId = and(eq(${t}.id, sql.placeholder("id")), live);`,
    ...parentReads,
    "  return {",
    `    byId: prepared("${names.pluralSnake}_by_id", db.select(publicColumns).from(${t}).where(byId).limit(1)),`,
    "    page: prepared(",
    `      "${names.pluralSnake}_page",`,
    "      db",
    "        .select(publicColumns)",
    `        .from(${t})`,
    "        .where(live)",
    `        .orderBy(asc(${t}.id))`,
    `        .limit(sql.placeholder("limit"))`,
    `        .offset(sql.placeholder("offset")),`,
    "    ),",
    ...parentStatements,
    "  };",
    "}",
    "",
    "/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */",
    `export class Drizzle${P}Repository implements ${P}Repository {`,
    "  readonly #db: AppDatabase;",
    "  readonly #reads: ReturnType<typeof reads>;",
    "",
    "  constructor(db: AppDatabase) {",
    "    this.#db = db;",
    "    this.#reads = reads(db);",
    "  }",
    "",
    `  async create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
    "    const row = { ...fields, createdAt: now, updatedAt: now };",
    `    const id = await insertId(this.#db, ${t}, row)${catchTaken};`,
    `    const [${names.camel}] = await this.#reads.byId.execute({ id });`,
    `    if (!${names.camel}) throw new Error("${names.words} not found right after it was written");`,
    `    return ${names.camel};`,
    "  }",
    "",
    `  async findById(id: number): Promise<${P} | undefined> {`,
    `    const [${names.camel}] = await this.#reads.byId.execute({ id });`,
    `    return ${names.camel};`,
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
    "    return this.#reads.page.execute(page);",
    "  }",
    "",
    `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
    "    if (!(await this.findById(id))) return undefined;",
    "    await this.#db",
    `      .update(${t})`,
    "      .set({ ...fields, updatedAt: now })",
    `      .where(and(eq(${t}.id, id), live))${catchTaken ? `\n      ${catchTaken}` : ""};`,
    "    return this.findById(id);",
    "  }",
    "",
    "  async softDelete(id: number, now: Date): Promise<boolean> {",
    "    if (!(await this.findById(id))) return false;",
    "    await this.#db",
    `      .update(${t})`,
    "      .set({ deletedAt: now, updatedAt: now })",
    `      .where(and(eq(${t}.id, id), live));`,
    "    return true;",
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
