import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields, tsType } from "./fields.ts";
import { importLines } from "./imports.ts";
import { resourceImport } from "./paths.ts";

/** `src/<plural>/<model>.ts`: the entity, its input and (REST) the relations a read can include. */
export function emitDomain(context: EmitContext): string {
  const { record, names } = context;
  // GraphQL reads relations through their own fields (`<plural>.resolvers.ts`), not through `include`.
  const [parents, hasMany] = context.template === "graphql" ? [[], []] : [context.parents, context.hasMany];
  const imports = importLines(
    [...parents, ...hasMany].map((model) => ({
      from: resourceImport(names, model.names, "domain"),
      names: [model.names.pascal],
      typeOnly: true,
    })),
  );
  const references = referenceFields(context);
  const entity = [
    "  id: number;",
    ...record.fields.map((field) => `  ${propertyName(field)}: ${tsType(field)}${field.notNull ? "" : " | null"};`),
    ...references.map((reference) => `  ${reference.property}: number;`),
    "  createdAt: Date;",
    "  updatedAt: Date;",
    ...parents.map(
      (parent) =>
        `  /** Set when the read asked for it (\`include=${parent.names.snake}\`). */\n  ${parent.names.camel}?: ${parent.names.pascal};`,
    ),
    ...hasMany.map(
      (child) =>
        `  /** Set when the read asked for it (\`include=${child.names.pluralSnake}\`). */\n  ${child.names.pluralCamel}?: ${child.names.pascal}[];`,
    ),
  ];
  const input = [
    ...record.fields.map((field) =>
      field.notNull
        ? `  ${propertyName(field)}: ${tsType(field)};`
        : `  ${propertyName(field)}?: ${tsType(field)} | null;`,
    ),
    ...references.map((reference) => `  ${reference.property}: number;`),
  ];
  const relations = [
    ...parents.map((parent) => parent.names.snake),
    ...hasMany.map((child) => child.names.pluralSnake),
  ];
  const relationLines =
    relations.length === 0
      ? []
      : [
          "",
          `/** What a read of ${names.pluralWords} can include (\`include=${relations.join(",")}\`). */`,
          `export const ${names.snake.toUpperCase()}_RELATIONS = [${relations.map((name) => `"${name}"`).join(", ")}] as const;`,
          `export type ${names.pascal}Relation = (typeof ${names.snake.toUpperCase()}_RELATIONS)[number];`,
        ];
  return [
    ...imports,
    ...(imports.length > 0 ? [""] : []),
    `/** A ${names.words} (added by \`scaffold add-model\`; soft-deleted ${names.pluralWords} are invisible). */`,
    `export interface ${names.pascal} {`,
    ...entity,
    "}",
    "",
    `/** What creating or replacing a ${names.words} takes: a field left out is stored as null. */`,
    `export interface ${names.pascal}Input {`,
    ...input,
    "}",
    ...relationLines,
    "",
  ].join("\n");
}
