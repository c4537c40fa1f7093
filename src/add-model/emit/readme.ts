import type { EmitContext } from "../model.ts";
import { propertyName, referenceFields } from "./fields.ts";
import { modelPaths } from "./index.ts";

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

/** The fields of the section's second table: name, type, notes (`reference` names a parent's id). */
function fieldRows(context: EmitContext, name: (field: { name: string }) => string, reference: string): string[][] {
  return [
    ...context.record.fields.map((field) => {
      const notes = [
        field.notNull ? "required" : "optional (null when left out)",
        ...(field.unique ? ["unique among live rows"] : []),
        ...(field.index ? ["indexed"] : []),
      ];
      return [name(field), TYPE_NAMES[field.type], notes.join(", ")];
    }),
    ...referenceFields(context).map(({ parent, name: snake, property }) => [
      reference === "property" ? property : snake,
      reference === "property" ? "ID" : "integer",
      `required, the ${parent.names.words}'s id (an unknown or deleted one: ${reference === "property" ? "NOT_FOUND" : "404"}${parent.templateUser && context.template === "full" ? "; another user's: 403" : ""})`,
    ]),
  ];
}

/** The section of a model of a GraphQL project: its operations and relation fields, and its fields. */
function graphqlSection(context: EmitContext): string[] {
  const { record, names, parents, hasMany, children } = context;
  const P = names.pascal;
  const rows = [
    [`${names.pluralCamel}(limit, offset)`, "list, oldest first: `limit` 1-100 (default 50), `offset` from 0"],
    [`${names.camel}(id)`, `one ${names.words}, or null when there is none`],
    [
      `create${P}(input: ${P}Input!)`,
      `create${parents.length > 0 ? `; NOT_FOUND for an unknown ${parents.map((parent) => parent.names.words).join(" or ")}` : ""}${record.fields.some((f) => f.unique) ? "; CONFLICT when a unique field is taken" : ""}`,
    ],
    [`update${P}(id, input: ${P}Input!)`, "replace every field (one left out becomes null); NOT_FOUND when unknown"],
    [
      `delete${P}(id)`,
      `soft delete: true${children.length > 0 ? `; CONFLICT while it has ${children.map((child) => child.names.pluralWords).join(" or ")}` : ""}`,
    ],
    ...parents.map((parent) => [`${P}.${parent.names.camel}`, `its ${parent.names.words}`]),
    ...hasMany.map((child) => [`${P}.${child.names.pluralCamel}`, `its ${child.names.pluralWords}, oldest first`]),
  ];
  return [
    `Added by \`scaffold add-model\`: in \`${modelPaths(context).sdl}\` (\`POST /graphql\`), no authentication. Invalid input is BAD_USER_INPUT (with \`fields\`). Every ${names.words} also has \`id\`, \`createdAt\` and \`updatedAt\`. A relation field is loaded in one read per request for the whole list.`,
    "",
    ...table(
      ["Operation or field", "What it does"],
      rows.map(([operation, what]) => [`\`${operation}\``, what as string]),
    ),
    "",
    ...table(
      ["Field", "Type", "Notes"],
      fieldRows(context, propertyName, "property").map(([name, type, notes]) => [
        `\`${name}\``,
        type as string,
        notes as string,
      ]),
    ),
  ];
}

/** The project README's section of a model: its routes (or operations) and fields, between markers add-model finds again. */
export function emitReadmeSection(context: EmitContext): string {
  if (context.template === "graphql") {
    return [
      sectionStart(context.record.name),
      `### ${context.names.pluralPascal}`,
      "",
      ...graphqlSection(context),
      ...userNote(context),
      sectionEnd(context.record.name),
    ].join("\n");
  }
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
        `create one ${parent.templateUser ? "for" : "in"} that ${parent.names.words}`,
      ],
    ]),
  ];
  const fields = fieldRows(context, (field) => field.name, "name");
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
    ...userNote(context),
    sectionEnd(record.name),
  ].join("\n");
}

/** What belonging to the template's users means: their public shape, the delete guard and (full) who may write. */
function userNote({ names, parents, template }: EmitContext): string[] {
  if (!parents.some((parent) => parent.templateUser)) return [];
  const plural = names.pluralWords;
  const lines =
    template === "graphql"
      ? [
          `\`${names.camel}.user\` is the template's \`User\` type (batched per request). Deleting a user who still has live ${plural}`,
          "(`deleteUser`) is a `CONFLICT`.",
        ]
      : [
          `Belongs to the template's users: \`include=user\` shows the user exactly as \`GET /api/v1/users/{id}\` does (never`,
          `the password hash or any other column). Deleting a user who still has live ${plural} is a 409 \`CONFLICT\`:`,
          "the users' repository runs `src/users/user-children.ts` under the user's lock.",
          ...(template === "full"
            ? [
                `Only the user themself or an administrator (\`ADMIN_EMAILS\`) may create, change or delete a user's ${plural}`,
                "(403 otherwise), as with the users' own routes; every signed-in user may read them.",
              ]
            : []),
        ];
  return ["", ...lines];
}
