import type { EmitContext, Related } from "../model.ts";
import type { ModelNames } from "../names.ts";
import { propertyName, referenceFields } from "./fields.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceImport } from "./paths.ts";

/**
 * `src/<plural>/<plural>.repository.ts`: the port over Drizzle, written once for every database. The
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
  const { children } = context;
  const guarded = hasParents || children.length > 0;
  const imports = importLines([
    {
      from: "drizzle-orm",
      names: ["and", "asc", "inArray", "isNull", ...(guarded ? ["eq"] : []), ...(hasParents ? ["sql"] : [])],
    },
    ...(unique.length > 0 || children.length > 0 || hasParents
      ? [
          {
            from: `${PLATFORM}/errors.ts`,
            names: [
              ...(unique.length > 0 || children.length > 0 ? ["conflict"] : []),
              ...(hasParents ? ["notFound"] : []),
            ],
          },
        ]
      : []),
    { from: resourceImport(names, names, "domain"), names: [P], typeOnly: true },
    { from: resourceImport(names, names, "port"), names: [`${P}Fields`, `${P}Repository`], typeOnly: true },
    {
      from: `${PLATFORM}/database/dialect.ts`,
      names: [
        "type AppDatabase",
        ...(guarded ? ["atomic", "lockLive"] : []),
        ...(hasParents ? ["insertId"] : []),
        ...(unique.length > 0 ? ["isUniqueViolation"] : []),
        ...(hasParents ? ["prepared"] : []),
        ...(guarded ? ["updateCount"] : []),
      ],
    },
    { from: `${PLATFORM}/database/live-rows.ts`, names: ["liveRows"] },
    { from: resourceImport(names, names, "table"), names: [t] },
    ...[...references.map(({ parent }) => parent), ...children]
      .filter((model) => model.names.pascal !== names.pascal)
      .map((model) => ({ from: resourceImport(names, model.names, "table"), names: [model.names.pluralCamel] })),
  ]);
  const guards = guardLines(context, catchTaken);
  return [
    ...imports,
    "",
    "const publicColumns = {",
    ...publicColumns,
    "};",
    `const live = isNull(${t}.deletedAt);`,
    ...takenLines,
    ...relationReads,
    ...guards.functions,
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
    ...(hasParents
      ? guards.create
      : [
          `  create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
          `    return this.#rows.create(fields, now)${catchTaken};`,
          "  }",
        ]),
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
    ...(hasParents
      ? guards.update
      : [
          `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
          `    const changed = await this.#rows.update(id, fields, now)${catchTaken};`,
          "    return changed ? this.findById(id) : undefined;",
          "  }",
        ]),
    "",
    ...(children.length > 0
      ? guards.softDelete
      : [
          "  softDelete(id: number, now: Date): Promise<boolean> {",
          "    return this.#rows.softDelete(id, now);",
          "  }",
        ]),
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

/**
 * The writes a relation must keep consistent with concurrent ones, each one unit (`atomic`) that first locks the rows
 * it checks (`lockLive`): a child is written only under a live parent, which stays live until the write is done; a
 * parent is deleted only when, under its lock, no live child points at it. So a delete racing a child's create either
 * waits for it and sees the child (CONFLICT), or goes first and the create sees no parent (NOT_FOUND).
 */
function guardLines(context: EmitContext, catchTaken: string) {
  const { names, children } = context;
  const P = names.pascal;
  const t = names.pluralCamel;
  const references = referenceFields(context);
  const functions =
    references.length === 0
      ? []
      : [
          "",
          `/** Locks the parents \`fields\` point at until the unit ends (a concurrent delete of one waits); NOT_FOUND when one is gone. */`,
          `async function lockParents(tx: AppDatabase, fields: ${P}Fields): Promise<void> {`,
          ...references.flatMap(({ parent, property }) => [
            `  if (!(await lockLive(tx, ${parent.names.pluralCamel}, fields.${property}))) {`,
            `    throw notFound(\`${parent.names.pascal} \${fields.${property}} not found\`);`,
            "  }",
          ]),
          "}",
        ];
  const create = [
    `  /** Under its parents' locks (see lockParents). */`,
    `  async create(fields: ${P}Fields, now: Date): Promise<${P}> {`,
    `    const id = await atomic(this.#db, async (tx) => {`,
    "      await lockParents(tx, fields);",
    `      return insertId(tx, ${t}, { ...fields, createdAt: now, updatedAt: now });`,
    `    })${catchTaken};`,
    `    const ${names.camel} = await this.findById(id);`,
    `    if (!${names.camel}) throw new Error(\`${names.pluralSnake} \${id} not found right after it was written\`);`,
    `    return ${names.camel};`,
    "  }",
  ];
  const update = [
    `  /** Under its parents' locks (see lockParents). */`,
    `  async update(id: number, fields: ${P}Fields, now: Date): Promise<${P} | undefined> {`,
    `    const changed = await atomic(this.#db, async (tx) => {`,
    "      await lockParents(tx, fields);",
    `      return updateCount(tx, ${t}, { ...fields, updatedAt: now }, and(eq(${t}.id, id), live));`,
    `    })${catchTaken};`,
    "    return changed > 0 ? this.findById(id) : undefined;",
    "  }",
  ];
  const softDelete = [
    `  /** Under its own lock, and only while no live ${children.map((child) => child.names.pluralWords).join(" or ")} point at it (CONFLICT otherwise). */`,
    "  softDelete(id: number, now: Date): Promise<boolean> {",
    "    return atomic(this.#db, async (tx) => {",
    `      if (!(await lockLive(tx, ${t}, id))) return false;`,
    ...liveChildChecks(names, children, "      "),
    `      return (await updateCount(tx, ${t}, { deletedAt: now, updatedAt: now }, eq(${t}.id, id))) > 0;`,
    "    });",
    "  }",
  ];
  return { functions, create, update, softDelete };
}

/** Under the parent's lock, in the unit `tx`: a CONFLICT when a live child of `children` points at parent `id`. */
export function liveChildChecks(parent: ModelNames, children: Related[], indent: string): string[] {
  return children.flatMap((child) => {
    const c = child.names.pluralCamel;
    const property = `${parent.camel}Id`;
    return [
      `${indent}const [${child.names.camel}] = await tx`,
      `${indent}  .select({ id: ${c}.id })`,
      `${indent}  .from(${c})`,
      `${indent}  .where(and(eq(${c}.${property}, id), isNull(${c}.deletedAt)))`,
      `${indent}  .limit(1);`,
      `${indent}if (${child.names.camel}) throw conflict(\`${parent.pascal} \${id} still has ${child.names.pluralWords}: delete them first\`);`,
    ];
  });
}
