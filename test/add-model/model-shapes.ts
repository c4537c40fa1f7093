import type { Field } from "../../src/add-model/field-spec.ts";
import type { ModelRecord, ModelTemplate } from "../../src/add-model/model.ts";
import type { AddModelRequest } from "../../src/add-model/plan.ts";

type Modifier = "unique" | "notNull" | "index";

/** A field as scaffold.json records it: `field("sku", "string", "unique", "notNull")`. */
export const field = (name: string, type: Field["type"], ...modifiers: Modifier[]): Field => ({
  name,
  type,
  unique: modifiers.includes("unique"),
  notNull: modifiers.includes("notNull"),
  index: modifiers.includes("index"),
});

/** A model as scaffold.json records it, with no relation unless `more` gives one. */
export const model = (name: string, fields: Field[], more: Partial<ModelRecord> = {}): ModelRecord => ({
  name,
  plural: null,
  fields,
  belongsTo: [],
  hasMany: [],
  public: false,
  ...more,
});

export const TEMPLATES: ModelTemplate[] = ["full", "minimal", "graphql"];

/** Model shapes: the README's chain, every type and modifier, several parents, the template's User, a plural. */
export const MODEL_SHAPES: ModelRecord[] = [
  model("Category", [field("name", "string", "unique", "notNull")], { hasMany: ["Product"] }),
  model(
    "Product",
    [
      field("title", "string", "notNull"),
      field("price", "float64"),
      field("stock", "uint"),
      field("released_at", "time", "index"),
    ],
    { belongsTo: ["Category"] },
  ),
  model(
    "Gadget",
    [
      field("serial_code", "string", "unique", "notNull", "index"),
      field("memo", "string"),
      field("offset_by", "int", "notNull"),
      field("units", "uint", "notNull", "index"),
      field("temperature", "int", "unique"),
      field("ratio", "float64", "notNull"),
      field("enabled", "bool"),
      field("ready", "bool", "notNull"),
      field("seen_at", "time", "notNull"),
      field("label", "string", "unique"),
    ],
    { belongsTo: ["User", "Category"] },
  ),
  model("Note", [field("body", "string")], { public: true }),
  model("Person", [field("nick", "string", "notNull")], { plural: "people", belongsTo: ["Note"] }),
];

/** A child whose names make the sample's lines too long for one line: Biome must break them. */
export const LONG_NAMES = model(
  "InternationalShipmentCustomsDeclaration",
  [
    field("harmonized_commodity_classification_code", "string", "unique", "notNull", "index"),
    field("estimated_clearance_duration_in_business_days", "uint", "notNull"),
    field("declared_value_in_the_currency_of_origin", "float64"),
  ],
  { belongsTo: ["Person", "Product"] },
);

const fieldsArg = (fields: Field[]) =>
  fields
    .map((f) =>
      [f.name, f.type, f.unique && "unique", f.notNull && "not_null", f.index && "index"].filter(Boolean).join(":"),
    )
    .join(",");

/** The add-model runs that build `records`: each model added with its parents, then each `--has-many` in a run of its own. */
export function chainRequests(records: ModelRecord[]): AddModelRequest[] {
  const added = records.map((record) => ({
    name: record.name,
    fields: fieldsArg(record.fields),
    belongsTo: record.belongsTo,
    hasMany: [],
    public: record.public,
    plural: record.plural ?? undefined,
  }));
  const related = records
    .filter((record) => record.hasMany.length > 0)
    .map((record) => ({
      name: record.name,
      fields: undefined,
      belongsTo: [],
      hasMany: record.hasMany,
      public: false,
      plural: undefined,
    }));
  return [...added, ...related];
}
