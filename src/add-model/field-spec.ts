import { usageError } from "../generate/errors.ts";
import { fieldWords, isKeyword, isObjectMember, toCamel } from "./names.ts";

export const FIELD_TYPES = ["string", "int", "uint", "float64", "bool", "time"] as const;
export const MODIFIERS = ["unique", "not_null", "index"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type Modifier = (typeof MODIFIERS)[number];

/** One field of a model, as `scaffold.json` records it. */
export interface Field {
  /** snake_case: the JSON and column name. */
  name: string;
  type: FieldType;
  unique: boolean;
  notNull: boolean;
  index: boolean;
  /** Options the field spec has no syntax for (the template's users have them): checked as an e-mail address, */
  format?: "email";
  /** at most this many characters (a string's column and input; 255 without it), */
  maxLength?: number;
  /** the example value of the API's documentation, */
  example?: string;
  /** for a unique field, the CONFLICT's message when a live row holds the value, */
  takenMessage?: string;
  /**
   * and whether it is stored only: set when a row is created, never read into the model's type, never in the API's
   * bodies and inputs, never changed by an update (`full`'s `password_hash`, which its credentials lookup reads).
   */
  hidden?: true;
}

/** Added to every model; ignored in a spec, with a notice. */
export const RESERVED_FIELDS = ["id", "created_at", "updated_at", "deleted_at"] as const;

/** A column of the generated table that is not a field: the MySQL dialect's `liveUniqueColumns()` (unique fields). */
const GENERATED_COLUMN = "not_deleted";

export interface ParsedSpec {
  fields: Field[];
  /** Notices for the user (reserved fields that were ignored). */
  notices: string[];
}

const FIELD_NAME = /^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)*|[a-z][a-zA-Z0-9]*)$/;

/** The property name of a field in TypeScript: `released_at` -> `releasedAt`. */
export const propertyName = (field: { name: string }): string => toCamel(fieldWords(field.name));

/**
 * `name:type[:modifier…],…` -> fields. Names in snake_case or camelCase (stored as snake_case); every bad part is a
 * usage error that quotes it.
 */
export function parseFieldSpec(spec: string): ParsedSpec {
  const entries = spec.split(",").map((entry) => entry.trim());
  if (spec.trim() === "" || entries.every((entry) => entry === "")) {
    throw usageError('--fields is empty: give at least one field, e.g. --fields "title:string:not_null".');
  }
  const fields: Field[] = [];
  const notices: string[] = [];
  for (const entry of entries) {
    if (entry === "") throw usageError(`--fields "${spec}" has an empty entry (two commas, or one at an end).`);
    const [rawName = "", type, ...modifiers] = entry.split(":").map((part) => part.trim());
    if (!FIELD_NAME.test(rawName)) {
      throw usageError(`Field name "${rawName}" (in "${entry}") must be snake_case or camelCase: letters, digits, _.`);
    }
    const name = fieldWords(rawName).join("_");
    if (type === undefined || type === "") {
      throw usageError(`Field "${rawName}" has no type: write ${rawName}:<type>, one of ${FIELD_TYPES.join(", ")}.`);
    }
    if (!(FIELD_TYPES as readonly string[]).includes(type)) {
      throw usageError(`Unknown type "${type}" of field "${rawName}": use one of ${FIELD_TYPES.join(", ")}.`);
    }
    for (const modifier of modifiers) {
      if (!(MODIFIERS as readonly string[]).includes(modifier)) {
        throw usageError(`Unknown modifier "${modifier}" of field "${rawName}": use ${MODIFIERS.join(", ")}.`);
      }
    }
    if (new Set(modifiers).size !== modifiers.length) {
      throw usageError(`Field "${rawName}" repeats a modifier ("${entry}").`);
    }
    if ((RESERVED_FIELDS as readonly string[]).includes(name)) {
      notices.push(`Field "${rawName}" is added to every model automatically: the one in --fields is ignored.`);
      continue;
    }
    if (name === GENERATED_COLUMN) {
      throw usageError(`Field name "${rawName}" is taken by the column behind unique fields on MySQL: choose another.`);
    }
    if (isKeyword(toCamel(fieldWords(name))) || name.endsWith("_id")) {
      throw usageError(
        name.endsWith("_id")
          ? `Field "${rawName}" ends in _id: a reference is declared with --belongs-to <Model>, not as a field.`
          : `Field name "${rawName}" is a JavaScript keyword: choose another name.`,
      );
    }
    const member = [name, toCamel(fieldWords(name))].find(isObjectMember);
    if (member !== undefined) {
      throw usageError(
        `Field name "${rawName}" is a member of every JavaScript object (Object.prototype.${member}): the generated code would read the inherited one; choose another name.`,
      );
    }
    if (fields.some((field) => field.name === name)) {
      throw usageError(`Field "${name}" is given twice in --fields.`);
    }
    fields.push({
      name,
      type: type as FieldType,
      unique: modifiers.includes("unique"),
      notNull: modifiers.includes("not_null"),
      index: modifiers.includes("index"),
    });
  }
  if (fields.length === 0) {
    throw usageError(
      "--fields has only automatic fields (id, created_at, updated_at, deleted_at): add a field of your own.",
    );
  }
  return { fields, notices };
}
