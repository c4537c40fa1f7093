import type { EmitContext } from "../model.ts";
import { fitOrBreak, propertyName, referenceFields, signature } from "./fields.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceImport } from "./paths.ts";

/** `src/<plural>/<model>.service.ts`: the use cases, over the ports only. */
export function emitService(context: EmitContext): string {
  const { record, names, parents, children, template } = context;
  const P = names.pascal;
  const references = referenceFields(context);
  const graphql = template === "graphql";
  // REST reads take `include`; GraphQL's relation fields use the batch reads below instead.
  const hasMany = graphql ? [] : context.hasMany;
  const relations = !graphql && parents.length + hasMany.length > 0;
  const R = `${P}Relation`;
  const include = relations ? `, include: readonly ${R}[] = []` : "";
  const repositories = [context, ...parents, ...children].filter(
    (model, i, all) => all.findIndex((other) => other.names.pascal === model.names.pascal) === i,
  );
  const deps = repositories.map((model) => `  ${model.names.pluralCamel}: ${model.names.pascal}Repository;`);
  const fieldLines = [
    ...record.fields.map((field) =>
      field.notNull
        ? `${propertyName(field)}: input.${propertyName(field)}`
        : `${propertyName(field)}: input.${propertyName(field)} ?? null`,
    ),
    ...references.map((reference) => `${reference.property}: input.${reference.property}`),
  ];
  const parentChecks = references.flatMap(({ parent, property }) =>
    fitOrBreak(
      `    if (!(await this.#${parent.names.pluralCamel}.findById(input.${property}))) throw ${parent.names.camel}NotFound(input.${property});`,
      [
        `    if (!(await this.#${parent.names.pluralCamel}.findById(input.${property}))) {`,
        `      throw ${parent.names.camel}NotFound(input.${property});`,
        "    }",
      ],
    ),
  );
  const withRelations = relations
    ? [
        "",
        `  /** Sets the relations \`include\` names: one read per relation, whatever the number of ${names.pluralWords}. */`,
        `  async #withRelations(${names.pluralCamel}: ${P}[], include: readonly ${R}[]): Promise<${P}[]> {`,
        `    let result = ${names.pluralCamel};`,
        ...parents.flatMap((parent) => {
          const property = `${parent.names.camel}Id`;
          return [
            `    if (include.includes("${parent.names.snake}")) {`,
            `      const ids = [...new Set(result.map((${names.camel}) => ${names.camel}.${property}))];`,
            `      const byId = new Map((await this.#${parent.names.pluralCamel}.findByIds(ids)).map((parent) => [parent.id, parent]));`,
            `      result = result.map((${names.camel}) => ({ ...${names.camel}, ${parent.names.camel}: byId.get(${names.camel}.${property}) }));`,
            "    }",
          ];
        }),
        ...hasMany.flatMap((child) => {
          const ofThis = `findBy${P}Ids`;
          return [
            `    if (include.includes("${child.names.pluralSnake}")) {`,
            `      const ${child.names.pluralCamel} = await this.#${child.names.pluralCamel}.${ofThis}(result.map(({ id }) => id));`,
            `      result = result.map((${names.camel}) => ({`,
            `        ...${names.camel},`,
            `        ${child.names.pluralCamel}: ${child.names.pluralCamel}.filter((child) => child.${names.camel}Id === ${names.camel}.id),`,
            "      }));",
            "    }",
          ];
        }),
        "    return result;",
        "  }",
      ]
    : [];
  const read = (expression: string) => (relations ? `this.#withRelations(${expression}, include)` : expression);
  const parentLists = (graphql ? [] : references).flatMap(({ parent, property }) => [
    "",
    `  /** The ${names.pluralWords} of one ${parent.names.words}; NOT_FOUND for an unknown ${parent.names.words}. */`,
    ...signature(
      "  ",
      `async listBy${parent.names.pascal}`,
      [
        `${property}: number`,
        "page: { limit: number; offset: number }",
        ...(relations ? [`include: readonly ${R}[] = []`] : []),
      ],
      `: Promise<${P}[]> {`,
    ),
    `    if (!(await this.#${parent.names.pluralCamel}.findById(${property}))) throw ${parent.names.camel}NotFound(${property});`,
    `    return ${read(`await this.#${names.pluralCamel}.listBy${parent.names.pascal}(${property}, page)`)};`,
    "  }",
  ]);
  const childGuards = children.flatMap((child) =>
    fitOrBreak(
      `    if (await this.#${child.names.pluralCamel}.existsFor${P}(id)) throw conflict(\`${P} \${id} still has ${child.names.pluralWords}: delete them first\`);`,
      [
        `    if (await this.#${child.names.pluralCamel}.existsFor${P}(id))`,
        `      throw conflict(\`${P} \${id} still has ${child.names.pluralWords}: delete them first\`);`,
      ],
    ),
  );
  const notFounds = [context, ...parents]
    .filter((model, i, all) => all.findIndex((other) => other.names.pascal === model.names.pascal) === i)
    .map(
      (model) =>
        `const ${model.names.camel}NotFound = (id: number) => notFound(\`${model.names.pascal} \${id} not found\`);`,
    );
  const imports = importLines([
    { from: `${PLATFORM}/errors.ts`, names: [...(children.length > 0 ? ["conflict"] : []), "notFound"] },
    {
      from: resourceImport(names, names, "domain"),
      names: [P, `${P}Input`, ...(relations ? [R] : [])],
      typeOnly: true,
    },
    ...repositories.map((model) => ({
      from: resourceImport(names, model.names, "port"),
      names: model === context ? [`${P}Fields`, `${P}Repository`] : [`${model.names.pascal}Repository`],
      typeOnly: true,
    })),
  ]);
  const unique = record.fields.filter((field) => field.unique).map((field) => field.name);
  const conflictNote = unique.length > 0 ? ` CONFLICT when ${unique.join(" or ")} is taken.` : "";
  const parentNote =
    parents.length > 0 ? ` NOT_FOUND for an unknown ${parents.map((parent) => parent.names.words).join(" or ")}.` : "";
  return [
    ...imports,
    "",
    `export interface ${P}ServiceDependencies {`,
    ...deps,
    "  clock?: () => Date;",
    "}",
    "",
    ...notFounds,
    "",
    "/** The stored form of an input: a field left out is null. */",
    `const fields = (input: ${P}Input): ${P}Fields => ({`,
    ...fieldLines.map((line) => `  ${line},`),
    "});",
    "",
    `/** ${names.pluralPascal}: create, read, list, replace and soft-delete. */`,
    `export class ${P}Service {`,
    ...repositories.map((model) => `  readonly #${model.names.pluralCamel}: ${model.names.pascal}Repository;`),
    "  readonly #clock: () => Date;",
    "",
    `  constructor(deps: ${P}ServiceDependencies) {`,
    ...repositories.map((model) => `    this.#${model.names.pluralCamel} = deps.${model.names.pluralCamel};`),
    "    this.#clock = deps.clock ?? (() => new Date());",
    "  }",
    "",
    ...(conflictNote || parentNote ? [`  /**${conflictNote}${parentNote} */`] : []),
    `  async create(input: ${P}Input): Promise<${P}> {`,
    ...parentChecks,
    `    return this.#${names.pluralCamel}.create(fields(input), this.#clock());`,
    "  }",
    "",
    ...signature(
      "  ",
      "async list",
      ["page: { limit: number; offset: number }", ...(relations ? [`include: readonly ${R}[] = []`] : [])],
      `: Promise<${P}[]> {`,
    ),
    `    return ${read(`await this.#${names.pluralCamel}.list(page)`)};`,
    "  }",
    ...parentLists,
    "",
    "  /** Throws NOT_FOUND for an unknown or deleted id. */",
    `  async get(id: number${include}): Promise<${P}> {`,
    `    const ${names.camel} = await this.#${names.pluralCamel}.findById(id);`,
    `    if (!${names.camel}) throw ${names.camel}NotFound(id);`,
    relations
      ? `    const [withRelations = ${names.camel}] = await this.#withRelations([${names.camel}], include);\n    return withRelations;`
      : `    return ${names.camel};`,
    "  }",
    "",
    `  /** Replaces every field (a field left out becomes null); NOT_FOUND for an unknown id.${conflictNote}${parentNote} */`,
    `  async update(id: number, input: ${P}Input): Promise<${P}> {`,
    ...parentChecks,
    `    const ${names.camel} = await this.#${names.pluralCamel}.update(id, fields(input), this.#clock());`,
    `    if (!${names.camel}) throw ${names.camel}NotFound(id);`,
    `    return ${names.camel};`,
    "  }",
    "",
    `  /** Soft delete: the row keeps its deletion time. NOT_FOUND for an unknown or already deleted id.${children.length > 0 ? " CONFLICT while it has children." : ""} */`,
    "  async delete(id: number): Promise<void> {",
    ...childGuards,
    `    if (!(await this.#${names.pluralCamel}.softDelete(id, this.#clock()))) throw ${names.camel}NotFound(id);`,
    "  }",
    ...withRelations,
    ...(graphql ? batchReads(context) : []),
    "}",
    "",
  ].join("\n");
}

/**
 * GraphQL: the reads its relation fields batch, one call for every item of a list: a parent's `getByIds` (for the
 * children's parent field) and a child's `listBy<Parent>Ids` (for the parent's `--has-many` list field).
 */
function batchReads({ names, children, parents }: EmitContext): string[] {
  const P = names.pascal;
  const byIds =
    children.length === 0
      ? []
      : [
          "",
          `  /** The live ${names.pluralWords} among \`ids\`, in one read (unknown or deleted ids are left out). */`,
          `  getByIds(ids: number[]): Promise<${P}[]> {`,
          `    return this.#${names.pluralCamel}.findByIds(ids);`,
          "  }",
        ];
  const byParents = parents
    .filter((parent) => parent.record.hasMany.includes(names.pascal))
    .flatMap((parent) => {
      const ids = `${parent.names.camel}Ids`;
      return [
        "",
        `  /** The live ${names.pluralWords} of several ${parent.names.pluralWords}, oldest first, in one read. */`,
        `  listBy${parent.names.pascal}Ids(${ids}: number[]): Promise<${P}[]> {`,
        `    return this.#${names.pluralCamel}.findBy${parent.names.pascal}Ids(${ids});`,
        "  }",
      ];
    });
  return [...byIds, ...byParents];
}
