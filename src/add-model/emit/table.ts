import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields, STRING_LENGTH } from "./fields.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceImport } from "./paths.ts";

const COLUMN = {
  string: (name: string) => `stringColumn("${name}", ${STRING_LENGTH})`,
  int: (name: string) => `integerColumn("${name}")`,
  uint: (name: string) => `integerColumn("${name}")`,
  float64: (name: string) => `doubleColumn("${name}")`,
  bool: (name: string) => `booleanColumn("${name}")`,
  time: (name: string) => `timestampColumn("${name}")`,
} as const;

// What src/platform/database/references.ts holds (full's own tables use them; add-model adds them to the others).
const REFERENCES = ["index", "referenceColumn"];

/** `src/<plural>/<plural>.table.ts`: the Drizzle table, through the database layer's facade. */
export function emitTable(context: EmitContext): string {
  const { record, names, parents } = context;
  const table = names.pluralSnake;
  const references = referenceFields(context);
  const unique = record.fields.filter((field) => field.unique);
  const columns = [
    "  id: idColumn(),",
    ...record.fields.map(
      (field) => `  ${propertyName(field)}: ${COLUMN[field.type](field.name)}${field.notNull ? ".notNull()" : ""},`,
    ),
    ...references.map(
      (reference) =>
        `  ${reference.property}: referenceColumn("${reference.name}")\n    .notNull()\n    .references(() => ${reference.parent.names.pluralCamel}.id),`,
    ),
    `  createdAt: timestampColumn("created_at").notNull(),`,
    `  updatedAt: timestampColumn("updated_at").notNull(),`,
    "  /** Soft delete: set instead of removing the row. */",
    `  deletedAt: timestampColumn("deleted_at"),`,
    ...(unique.length > 0 ? ["  ...liveUniqueColumns(),"] : []),
  ];
  const extras = [
    // Unique among live rows only: a deleted row's value can be taken again (the dialect's partial index, or on MySQL
    // its generated column).
    ...unique.map((field) => `liveUnique("${table}_${field.name}_unique", columns.${propertyName(field)}, columns)`),
    ...record.fields
      .filter((field) => field.index && !field.unique)
      .map((field) => `index("${table}_${field.name}_idx").on(columns.${propertyName(field)})`),
    ...references.map((reference) => `index("${table}_${reference.name}_idx").on(columns.${reference.property})`),
    ...record.fields
      .filter((field) => field.type === "uint")
      .map((field) => `check("${table}_${field.name}_unsigned", sql\`\${columns.${propertyName(field)}} >= 0\`)`),
  ];
  const used = new Set(["idColumn", "table", "timestampColumn"]);
  for (const field of record.fields) used.add(COLUMN[field.type]("").split("(")[0] as string);
  if (references.length > 0) used.add("referenceColumn");
  if (unique.length > 0) for (const name of ["liveUnique", "liveUniqueColumns"]) used.add(name);
  if (extras.some((extra) => extra.startsWith("index("))) used.add("index");
  if (extras.some((extra) => extra.startsWith("check("))) used.add("check");
  const imports = importLines([
    ...(used.has("check") ? [{ from: "drizzle-orm", names: ["sql"] }] : []),
    { from: `${PLATFORM}/database/dialect.ts`, names: [...used].filter((name) => !REFERENCES.includes(name)) },
    ...(REFERENCES.some((name) => used.has(name))
      ? [{ from: `${PLATFORM}/database/references.ts`, names: REFERENCES.filter((name) => used.has(name)) }]
      : []),
    ...parents.map((parent) => ({
      from: resourceImport(names, parent.names, "table"),
      names: [parent.names.pluralCamel],
    })),
  ]);
  const oneLine = `  (columns) => [${extras.join(", ")}]`;
  const extraConfig =
    extras.length === 0
      ? ""
      : oneLine.length + 1 <= 120
        ? `,\n${oneLine}`
        : `,\n  (columns) => [\n${extras.map((extra) => `    ${extra},`).join("\n")}\n  ]`;
  const body = `{\n${columns.join("\n")}\n}`;
  const declaration =
    extras.length === 0
      ? `export const ${names.pluralCamel} = table("${table}", ${body});`
      : `export const ${names.pluralCamel} = table(\n  "${table}",\n  ${body.replace(/\n/g, "\n  ")}${extraConfig},\n);`;
  return [...imports, "", declaration, ""].join("\n");
}
