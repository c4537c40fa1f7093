import type { EmitContext } from "../model.ts";
import { referenceFields } from "./fields.ts";

const TYPE_NAMES = {
  string: "string (≤ 255 characters)",
  int: "integer",
  uint: "integer ≥ 0",
  float64: "number",
  bool: "boolean",
  time: "date-time (ISO 8601)",
} as const;

/** A Markdown table with padded columns, as Biome formats it. */
function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, i) => Math.max(3, title.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)];
}

export const sectionStart = (model: string) => `<!-- scaffold add-model: ${model} -->`;
export const sectionEnd = (model: string) => `<!-- /scaffold add-model: ${model} -->`;

/** The project README's section of a model: its routes and fields, between markers add-model finds again. */
export function emitReadmeSection(context: EmitContext): string {
  const { record, names, parents, hasMany, children, template } = context;
  const base = `/api/v1/${names.pluralKebab}`;
  const access =
    template === "minimal"
      ? "No authentication (like every route of this template)."
      : record.public
        ? "Public: no access token needed (`--public`)."
        : "Every route needs an access token (`Authorization: Bearer <token>`); without one: 401.";
  const relations = [
    ...parents.map((parent) => parent.names.snake),
    ...hasMany.map((child) => child.names.pluralSnake),
  ];
  const include = relations.length > 0 ? ` (\`include=${relations.join(",")}\`)` : "";
  const rows = [
    [
      "POST",
      base,
      `create: 201 with a \`Location\` header${record.fields.some((f) => f.unique) ? "; 409 when a unique field is taken" : ""}`,
    ],
    ["GET", base, `list, oldest first: \`limit\` (1-100, default 50), \`offset\`${include}`],
    ["GET", `${base}/{id}`, `one ${names.words}${include}; an unknown relation name: 400`],
    ["PUT", `${base}/{id}`, "replace every field (one left out becomes null)"],
    [
      "DELETE",
      `${base}/{id}`,
      `soft delete${children.length > 0 ? `; 409 while it has ${children.map((child) => child.names.pluralWords).join(" or ")}` : ""}`,
    ],
    ...referenceFields(context).flatMap(({ parent, property }) => [
      [
        "GET",
        `/api/v1/${parent.names.pluralKebab}/{${property}}/${names.pluralKebab}`,
        `the ${names.pluralWords} of one ${parent.names.words}`,
      ],
      [
        "POST",
        `/api/v1/${parent.names.pluralKebab}/{${property}}/${names.pluralKebab}`,
        `create one in that ${parent.names.words}`,
      ],
    ]),
  ];
  const fields = [
    ...record.fields.map((field) => {
      const notes = [
        field.notNull ? "required" : "optional (null when left out)",
        ...(field.unique ? ["unique"] : []),
        ...(field.index ? ["indexed"] : []),
      ];
      return [field.name, TYPE_NAMES[field.type], notes.join(", ")];
    }),
    ...referenceFields(context).map(({ parent, name }) => [
      name,
      "integer",
      `required, the ${parent.names.words}'s id (an unknown or deleted one: 404)`,
    ]),
  ];
  return [
    sectionStart(record.name),
    `### ${names.pluralPascal}`,
    "",
    `Added by \`scaffold add-model\`. ${access} Every ${names.words} also has \`id\`, \`created_at\` and \`updated_at\`.`,
    "",
    ...table(
      ["Method", "Path", "What it does"],
      rows.map(([method, path, what]) => [`\`${method}\``, `\`${path}\``, what as string]),
    ),
    "",
    ...table(
      ["Field", "Type", "Notes"],
      fields.map(([name, type, notes]) => [`\`${name}\``, type as string, notes as string]),
    ),
    sectionEnd(record.name),
  ].join("\n");
}
