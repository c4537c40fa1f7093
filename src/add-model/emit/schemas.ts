import type { Field } from "../field-spec.ts";
import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields, STRING_LENGTH } from "./fields.ts";
import { importLines } from "./imports.ts";
import { resourceImport } from "./paths.ts";

const OUTPUT = {
  string: "z.string()",
  int: "z.int32()",
  uint: "z.int32()",
  float64: "z.number()",
  bool: "z.boolean()",
  time: "timestamp",
} as const;

/** The zod schema of a field in an input; `time` is the source of the schema of a `time` value. */
export function inputSchema(field: Field, time = "dateTime"): string {
  const base = {
    string: `z.string().max(${STRING_LENGTH})`,
    int: "z.int32()",
    uint: "z.int32().min(0)",
    float64: "z.number()",
    bool: "z.boolean()",
    time,
  }[field.type];
  return field.notNull ? base : `${base}.nullable().optional()`;
}

function toJson(field: Field, from: string): string {
  const value = `${from}.${propertyName(field)}`;
  if (field.type !== "time") return value;
  return field.notNull ? `${value}.toISOString()` : `${value}?.toISOString() ?? null`;
}

/** `src/<plural>/<plural>.schemas.ts`: the JSON shapes (snake_case) of the model and of its input. */
export function emitSchemas(context: EmitContext): string {
  const { record, names } = context;
  const P = names.pascal;
  const c = names.camel;
  const references = referenceFields(context);
  const output = [
    "    id: z.number().int(),",
    ...record.fields.map((field) => `    ${field.name}: ${OUTPUT[field.type]}${field.notNull ? "" : ".nullable()"},`),
    ...references.map((reference) => `    ${reference.name}: z.number().int(),`),
    "    created_at: timestamp,",
    "    updated_at: timestamp,",
  ];
  const toBody = [
    `  id: ${c}.id,`,
    ...record.fields.map((field) => `  ${field.name}: ${toJson(field, c)},`),
    ...references.map((reference) => `  ${reference.name}: ${c}.${reference.property},`),
    `  created_at: ${c}.createdAt.toISOString(),`,
    `  updated_at: ${c}.updatedAt.toISOString(),`,
  ];
  const input = [
    ...record.fields.map((field) => `    ${field.name}: ${inputSchema(field)},`),
    ...references.map((reference) => `    ${reference.name}: z.number().int().min(1),`),
  ];
  const toInput = [
    ...record.fields.map((field) => `  ${propertyName(field)}: body.${field.name},`),
    ...references.map((reference) => `  ${reference.property}: body.${reference.name},`),
  ];
  return [
    ...importLines([
      { from: "@hono/zod-openapi", names: ["z"] },
      { from: resourceImport(names, names, "domain"), names: [P, `${P}Input`], typeOnly: true },
    ]),
    "",
    `const timestamp = z.iso.datetime().openapi({ example: "2025-01-01T12:00:00.000Z" });`,
    ...(record.fields.some((field) => field.type === "time")
      ? [
          "/** A date-time in the input: ISO 8601 with `Z` or an offset, as a Date. */",
          "const dateTime = z.iso.datetime({ offset: true }).transform((value) => new Date(value));",
        ]
      : []),
    "",
    `export const ${c}Schema = z`,
    "  .object({",
    ...output,
    "  })",
    `  .openapi("${P}");`,
    "",
    `export const to${P}Body = (${c}: ${P}): z.infer<typeof ${c}Schema> => ({`,
    ...toBody,
    "});",
    "",
    "/**",
    ` * Body of POST and PUT: every field of the ${names.words}; one that may be null may also be left out (stored as null).`,
    " * Any other key (a typo, `id`, a timestamp) is a 400 naming it, never silently dropped.",
    " */",
    `export const ${c}InputSchema = z`,
    "  .strictObject({",
    ...input,
    "  })",
    `  .openapi("${P}Input");`,
    "",
    `export const to${P}Input = (body: z.infer<typeof ${c}InputSchema>): ${P}Input => ({`,
    ...toInput,
    "});",
    "",
  ].join("\n");
}
