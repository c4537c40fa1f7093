import type { Field } from "../field-spec.ts";
import { type ModelNames, modelNames } from "../names.ts";

/**
 * The sample resource of templates/resource/: names no real word or keyword shares, each spelling distinct (two
 * words: `StockItem`, `stockItem`, `stock_item`, `stock-item`, `stock item`), so that rendering can replace every
 * spelling by the model's own.
 */
export const SAMPLE_MODEL: ModelNames = modelNames("StockItem");
/** The sample's parent (`--belongs-to`), as text inside `@each parent`. */
export const SAMPLE_PARENT: ModelNames = modelNames("StorageBin");
/** A model belonging to the sample (`--has-many`, or any model with `--belongs-to StockItem`), inside `@each child`. */
export const SAMPLE_CHILD: ModelNames = modelNames("SupplyOrder");

/**
 * The values a field's options are written with in the sample: inside `@each field`, each is replaced by the field's
 * own (`@if maxLength` and the like choose the lines that hold them).
 */
export const SAMPLE_OPTIONS = {
  maxLength: "140",
  example: "Blue crate",
  takenMessage: "Display name already in use",
} as const satisfies Partial<Record<keyof Field, string>>;

const field = (name: string, type: Field["type"], modifiers: Partial<Field> = {}): Field => ({
  name,
  type,
  notNull: false,
  unique: false,
  index: false,
  ...modifiers,
});

/**
 * The sample's fields, one of each type: inside `@each field`, every spelling of any of these names stands for the
 * field being written, so a variant of a field line (`// @if uint`) reads with the sample field of that type.
 */
export const SAMPLE_FIELDS: Field[] = [
  field("display_name", "string", { notNull: true, unique: true }),
  field("short_note", "string"),
  field("stock_delta", "int", { notNull: true }),
  field("unit_count", "uint", { index: true }),
  field("unit_price", "float64"),
  field("is_active", "bool", { notNull: true }),
  field("restocked_at", "time"),
];
