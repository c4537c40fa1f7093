/**
 * Request bodies -> column values, per the write rules: POST ignores hidden, read-only and generated-id fields and
 * validates with group Create; PUT expects every writable field (omitted = null, 400 if NOT NULL) with group Update;
 * PATCH takes only supplied non-null fields, rejects hidden and read-only ones, group Update.
 */
import type { z } from "zod";
import { type FieldError, HttpError } from "./errors.ts";
import type { FieldModel, ResourceModel } from "./model.ts";
import { fieldInputSchema } from "./schemas.ts";
import type { ValidationGroup } from "./types.ts";

type Row = Record<string, unknown>;

interface FieldParser {
  readonly field: FieldModel;
  readonly schema: z.ZodType;
  /** JSON value -> value for Drizzle (ISO strings -> Date, integer strings -> bigint). */
  readonly convert: (value: unknown) => unknown;
}

function converter(field: FieldModel): (value: unknown) => unknown {
  if (field.kind === "date") return (value) => new Date(value as string);
  if (field.kind === "bigint") return (value) => BigInt(value as string | number);
  return (value) => value;
}

export interface InputParsers {
  readonly create: readonly FieldParser[];
  readonly update: readonly FieldParser[];
  /** Fields PATCH rejects by name, with the exact message. */
  readonly patchRejections: ReadonlyMap<string, string>;
}

export function inputParsers(model: ResourceModel): InputParsers {
  const parser = (field: FieldModel): FieldParser => ({
    field,
    schema: fieldInputSchema(field),
    convert: converter(field),
  });
  const patchRejections = new Map<string, string>();
  for (const field of model.fields) {
    if (field.hidden) patchRejections.set(field.name, `Cannot update hidden field: ${field.name}`);
    // The key is in the path: a key field in the body is a read-only field, generated or not.
    else if ((field.readOnly || field.primaryKey) && !(field.name === "version" && model.audit?.version)) {
      patchRejections.set(field.name, `Cannot update read-only field: ${field.name}`);
    }
  }
  return { create: model.createFields.map(parser), update: model.updateFields.map(parser), patchRejections };
}

/** `application/json` or a `+json` type such as `application/merge-patch+json`, with any parameters (charset). */
const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The request body as a JSON object: 415 unless the content type is JSON (a form or `text/plain` body is what a
 * cross-site page can send without a preflight), 400 unless the body is a JSON object.
 */
export async function jsonBody(request: {
  header(name: string): string | undefined;
  json(): Promise<unknown>;
}): Promise<Row> {
  if (!jsonType.test(request.header("content-type") ?? "")) {
    throw new HttpError(415, "Content-Type must be application/json");
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new HttpError(400, "Malformed JSON request body");
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, "Request body must be a JSON object");
  }
  return body as Row;
}

function notNull(parser: FieldParser, value: unknown, group: ValidationGroup): FieldError {
  return {
    field: parser.field.name,
    message: "must not be null",
    rejectedValue: value ?? null,
    code: "NotNull",
    validationGroup: group,
  };
}

/** Type check, then the field's constraints of this group; pushes errors, returns the converted value. */
function check(parser: FieldParser, value: unknown, group: ValidationGroup, errors: FieldError[]): unknown {
  const typed = parser.schema.safeParse(value);
  if (!typed.success) {
    const message = typed.error.issues[0]?.message ?? "invalid value";
    errors.push({ field: parser.field.name, message, rejectedValue: value, code: "Type", validationGroup: group });
    return undefined;
  }
  for (const constraint of parser.field.constraints) {
    if (constraint.groups && !constraint.groups.includes(group)) continue;
    const result = constraint.schema.safeParse(value);
    if (!result.success) {
      const message = constraint.message ?? result.error.issues[0]?.message ?? "invalid value";
      errors.push({
        field: parser.field.name,
        message,
        rejectedValue: value,
        code: constraint.code ?? "Constraint",
        validationGroup: group,
      });
    }
  }
  return parser.convert(value);
}

function done(values: Row, errors: FieldError[]): Row {
  if (errors.length > 0) throw new HttpError(400, "Validation failed", errors);
  return values;
}

export function createValues(parsers: InputParsers, body: Row): Row {
  const values: Row = {};
  const errors: FieldError[] = [];
  for (const parser of parsers.create) {
    const value = body[parser.field.name];
    if (value === undefined || value === null) {
      const required = !parser.field.nullable && !parser.field.hasDefault;
      if (required || (value === null && !parser.field.nullable)) errors.push(notNull(parser, value, "Create"));
      else if (value === null) values[parser.field.name] = null;
      continue;
    }
    values[parser.field.name] = check(parser, value, "Create", errors);
  }
  return done(values, errors);
}

export function putValues(parsers: InputParsers, body: Row): Row {
  const values: Row = {};
  const errors: FieldError[] = [];
  for (const parser of parsers.update) {
    const value = body[parser.field.name];
    if (value === undefined || value === null) {
      if (parser.field.nullable) values[parser.field.name] = null;
      else errors.push(notNull(parser, value, "Update"));
      continue;
    }
    values[parser.field.name] = check(parser, value, "Update", errors);
  }
  return done(values, errors);
}

export function patchValues(parsers: InputParsers, body: Row): Row {
  for (const key of Object.keys(body)) {
    const rejection = parsers.patchRejections.get(key);
    if (rejection) throw new HttpError(400, rejection);
  }
  const values: Row = {};
  const errors: FieldError[] = [];
  for (const parser of parsers.update) {
    const value = body[parser.field.name];
    if (value === undefined || value === null) continue;
    values[parser.field.name] = check(parser, value, "Update", errors);
  }
  return done(values, errors);
}
