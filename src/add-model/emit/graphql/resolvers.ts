import { propertyName } from "../../field-spec.ts";
import type { EmitContext, Related } from "../../model.ts";
import { referenceFields } from "../fields.ts";
import { importLines } from "../imports.ts";
import { fileNames, GRAPHQL, resourceImport } from "../paths.ts";
import { inputSchema } from "../schemas.ts";

/** The models whose services the resolvers call: the model, its parents and its `--has-many` children. */
export function resolverServices(context: EmitContext): Related[] {
  return [context, ...context.parents, ...context.hasMany].filter(
    (model, i, all) => all.findIndex((other) => other.names.pascal === model.names.pascal) === i,
  );
}

/**
 * `src/<plural>/<plural>.resolvers.ts`: the model's queries, mutations and relation fields over its service.
 * A relation field goes through a per-request batch loader, so a list of N items costs one read per relation.
 */
export function emitResolvers(context: EmitContext): string {
  const { record, names, hasMany } = context;
  const P = names.pascal;
  const c = names.camel;
  const service = `${c}Service`;
  const references = referenceFields(context);
  const services = resolverServices(context);
  const relations = references.length + hasMany.length > 0;
  const loaders = [
    ...references.map(
      ({ parent }) =>
        `    ${parent.names.camel}: batchLoader((ids) => ${parent.names.camel}Service.getByIds(ids), (${parent.names.camel}) => ${parent.names.camel}.id),`,
    ),
    ...hasMany.map(
      (child) =>
        `    ${child.names.pluralCamel}: batchLoader((ids) => ${child.names.camel}Service.listBy${P}Ids(ids), (${child.names.camel}) => ${child.names.camel}.${c}Id),`,
    ),
  ];
  const relationFields = [
    ...references.map(({ parent, property }) => {
      const Parent = parent.names.pascal;
      return `      ${parent.names.camel}: async (${c}: ${P}, _: unknown, context: object): Promise<${Parent} | undefined> => {\n        const [${parent.names.camel}] = await loaders(context).${parent.names.camel}(${c}.${property});\n        return ${parent.names.camel};\n      },`;
    }),
    ...hasMany.map(
      (child) =>
        `      ${child.names.pluralCamel}: (${c}: ${P}, _: unknown, context: object): Promise<${child.names.pascal}[]> =>\n        loaders(context).${child.names.pluralCamel}(${c}.id),`,
    ),
  ];
  const imports = importLines([
    { from: "zod", names: ["z"] },
    { from: resourceImport(names, names, "domain"), names: [P, `${P}Input`], typeOnly: true },
    ...references.map(({ parent }) => ({
      from: resourceImport(names, parent.names, "domain"),
      names: [parent.names.pascal],
      typeOnly: true,
    })),
    ...hasMany.map((child) => ({
      from: resourceImport(names, child.names, "domain"),
      names: [child.names.pascal],
      typeOnly: true,
    })),
    ...services.map((model) => ({
      from: resourceImport(names, model.names, "service"),
      names: [`${model.names.pascal}Service`],
      typeOnly: true,
    })),
    ...(relations ? [{ from: `${GRAPHQL}/batch-loader.ts`, names: ["batchLoader", "perRequest"] }] : []),
    {
      from: `${GRAPHQL}/inputs.ts`,
      names: [...(references.length > 0 ? ["positiveId"] : []), "valid", "validId", "validPage"],
    },
    { from: `${GRAPHQL}/not-found.ts`, names: ["nullWhenNotFound"] },
  ]);
  const dependencyNames = services.map((model) => `${model.names.camel}Service`);
  return [
    ...imports,
    "",
    `/** The services the ${names.pluralWords}' resolvers call (from the container, through graphql.module.ts). */`,
    `export interface ${P}ResolverDependencies {`,
    ...services.map((model) => `  ${model.names.camel}Service: ${model.names.pascal}Service;`),
    "}",
    "",
    `/** The checks of ${P}Input that GraphQL's types cannot express; a failure is BAD_USER_INPUT listing every field. */`,
    `const ${c}Input = z.object({`,
    ...record.fields.map((field) => `  ${propertyName(field)}: ${inputSchema(field, "z.date()")},`),
    ...references.map(({ property }) => `  ${property}: positiveId,`),
    "});",
    "",
    `const valid${P}Input = (input: unknown): ${P}Input => valid(${c}Input, input, "input");`,
    "",
    `interface ${P}Args {`,
    "  id: string;",
    "}",
    `interface ${names.pluralPascal}Args {`,
    "  limit?: number | null;",
    "  offset?: number | null;",
    "}",
    `interface ${P}InputArgs {`,
    "  input: unknown;",
    "}",
    "",
    `/** The resolvers of ${fileNames(names).sdl}; errors are the service's domain errors. */`,
    `export function ${names.camel}Resolvers({ ${dependencyNames.join(", ")} }: ${P}ResolverDependencies) {`,
    ...(relations
      ? [
          "  // One set of loaders per request: graphql-yoga hands every resolver of a request the same context object.",
          "  const loaders = perRequest(() => ({",
          ...loaders,
          "  }));",
        ]
      : []),
    "  return {",
    "    Query: {",
    `      ${names.pluralCamel}: (_: unknown, { limit, offset }: ${names.pluralPascal}Args): Promise<${P}[]> =>`,
    `        ${service}.list(validPage({ limit: limit ?? 50, offset: offset ?? 0 })),`,
    `      ${c}: (_: unknown, { id }: ${P}Args): Promise<${P} | null> => nullWhenNotFound(${service}.get(validId(id))),`,
    "    },",
    "    Mutation: {",
    `      create${P}: (_: unknown, { input }: ${P}InputArgs): Promise<${P}> => ${service}.create(valid${P}Input(input)),`,
    `      update${P}: (_: unknown, { id, input }: ${P}Args & ${P}InputArgs): Promise<${P}> =>`,
    `        ${service}.update(validId(id), valid${P}Input(input)),`,
    `      delete${P}: async (_: unknown, { id }: ${P}Args): Promise<boolean> => {`,
    `        await ${service}.delete(validId(id));`,
    "        return true;",
    "      },",
    "    },",
    ...(relations ? [`    ${P}: {`, ...relationFields, "    },"] : []),
    "  };",
    "}",
    "",
  ].join("\n");
}
