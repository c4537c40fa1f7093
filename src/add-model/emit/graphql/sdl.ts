import { type Field, propertyName } from "../../field-spec.ts";
import type { EmitContext } from "../../model.ts";
import { referenceFields, STRING_LENGTH } from "../fields.ts";

/** The template's schema: the users' types, which add-model leaves as they are but for one description. */
export const SCHEMA_PATH = "src/graphql/schema.graphql";

const GRAPHQL_TYPES: Record<Field["type"], string> = {
  string: "String",
  int: "Int",
  uint: "Int",
  float64: "Float",
  bool: "Boolean",
  time: "Time",
};

/** What the API checks beyond the GraphQL type, as the field's description (none: no description). */
function rule(field: Field): string | undefined {
  if (field.type === "string") return `At most ${STRING_LENGTH} characters.`;
  if (field.type === "uint") return "At least 0.";
  return undefined;
}

const described = (description: string | undefined, line: string) =>
  description ? [`  "${description}"`, line] : [line];

/**
 * `src/<plural>/<plural>.graphql`: the model's type (with the relation fields), its input, and its queries and
 * mutations as extensions of schema.graphql's `Query` and `Mutation` (model-resolvers.ts appends it to that schema).
 */
export function emitSdl(context: EmitContext): string {
  const { record, names, parents, hasMany, children } = context;
  const P = names.pascal;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique).map((field) => propertyName(field));
  const conflict = unique.length > 0 ? `; CONFLICT when ${unique.join(" or ")} is taken` : "";
  const unknownParent =
    parents.length > 0 ? `; NOT_FOUND for an unknown ${parents.map((parent) => parent.names.words).join(" or ")}` : "";
  const withChildren =
    children.length > 0
      ? `; CONFLICT while it has ${children.map((child) => child.names.pluralWords).join(" or ")}`
      : "";
  const nullable = (field: Field) => (field.notNull ? "!" : "");
  return [
    `"A ${names.words} (added by \`scaffold add-model\`). Deleted ${names.pluralWords} are never returned."`,
    `type ${P} {`,
    "  id: ID!",
    ...record.fields.map((field) => `  ${propertyName(field)}: ${GRAPHQL_TYPES[field.type]}${nullable(field)}`),
    ...references.flatMap(({ parent, property }) => [
      `  ${property}: ID!`,
      `  "The ${parent.names.words} it belongs to."`,
      `  ${parent.names.camel}: ${parent.names.pascal}!`,
    ]),
    ...hasMany.flatMap((child) => [
      `  "Its ${child.names.pluralWords}, oldest first."`,
      `  ${child.names.pluralCamel}: [${child.names.pascal}!]!`,
    ]),
    "  createdAt: Time!",
    "  updatedAt: Time!",
    "}",
    "",
    `"Creates or replaces a ${names.words}: a field left out (or null) is stored as null."`,
    `input ${P}Input {`,
    ...record.fields.flatMap((field) =>
      described(rule(field), `  ${propertyName(field)}: ${GRAPHQL_TYPES[field.type]}${nullable(field)}`),
    ),
    ...references.map(({ property }) => `  ${property}: ID!`),
    "}",
    "",
    "extend type Query {",
    `  "${names.pluralPascal}, oldest first: \`limit\` 1 to 100 (default 50), \`offset\` from 0."`,
    `  ${names.pluralCamel}(limit: Int = 50, offset: Int = 0): [${P}!]!`,
    `  "The ${names.words}, or null when there is none with this id (or it was deleted)."`,
    `  ${names.camel}(id: ID!): ${P}`,
    "}",
    "",
    "extend type Mutation {",
    `  "BAD_USER_INPUT for an invalid field${unknownParent}${conflict}."`,
    `  create${P}(input: ${P}Input!): ${P}!`,
    `  "Replaces every field. NOT_FOUND for an unknown or deleted ${[names, ...parents.map((parent) => parent.names)].map((model) => model.words).join(" or ")}${conflict}."`,
    `  update${P}(id: ID!, input: ${P}Input!): ${P}!`,
    `  "Soft delete: true. NOT_FOUND for an unknown or deleted ${names.words}${withChildren}."`,
    `  delete${P}(id: ID!): Boolean!`,
    "}",
    "",
  ].join("\n");
}
