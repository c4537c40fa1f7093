import type { Field } from "../../src/add-model/field-spec.ts";
import type { ModelRecord, ModelTemplate } from "../../src/add-model/model.ts";

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
