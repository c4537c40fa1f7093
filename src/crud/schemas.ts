/**
 * zod 4 schemas derived from the model: output object, create (POST), update (PUT) and patch (PATCH) inputs, list
 * query. They document the API (OpenAPI) and validate field values at run time (see input.ts), so both always agree.
 */
import { z } from "zod";
import { filterParameters } from "./filters.ts";
import type { FieldModel, ResourceModel } from "./model.ts";

/**
 * The times every database gives back exactly through Drizzle's date columns: MySQL's DATETIME range. (Drizzle reads
 * PostgreSQL's text of the years 1 to 99 as 19xx/20xx, and PostgreSQL has no year 0.)
 */
const earliestTime = Date.parse("1000-01-01T00:00:00.000Z");
const latestTime = Date.parse("9999-12-31T23:59:59.999Z");
const storableTime = (value: string) => {
  const time = Date.parse(value);
  return time >= earliestTime && time <= latestTime;
};

/** Text PostgreSQL can store: anything but U+0000 (MySQL and SQLite would store it; every database refuses it here). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the one character this pattern refuses.
const withoutNul = /^[^\u0000]*$/;

/** JSON input value of a field, without null. Dates are ISO 8601 strings; 64-bit integers strings or integers. */
export function fieldInputSchema(field: FieldModel): z.ZodType {
  switch (field.kind) {
    case "number":
      return field.range ? z.int().min(field.range[0]).max(field.range[1]) : z.number();
    case "bigint":
      return z.union([z.string().regex(/^-?\d+$/), z.int()]);
    case "boolean":
      return z.boolean();
    case "date":
      return z.iso
        .datetime({ offset: true, local: true })
        .refine(storableTime, "must be from 1000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z");
    case "json":
      return z.json();
    default:
      if (field.enumValues) return z.enum(field.enumValues as [string, ...string[]]);
      return z.string().regex(withoutNul, "must not contain the NUL character (U+0000)");
  }
}

/** JSON output value of a field, without null (64-bit integers are output as strings). */
export function fieldOutputSchema(field: FieldModel): z.ZodType {
  if (field.kind === "bigint") return z.string().regex(/^-?\d+$/);
  if (field.kind === "date") return z.iso.datetime({ offset: true });
  return fieldInputSchema(field);
}

function described(schema: z.ZodType, field: FieldModel): z.ZodType {
  return field.description ? schema.describe(field.description) : schema;
}

function nullableIf(schema: z.ZodType, nullable: boolean): z.ZodType {
  return nullable ? schema.nullable() : schema;
}

export interface ResourceSchemas {
  readonly output: z.ZodObject;
  readonly create: z.ZodObject;
  readonly update: z.ZodObject;
  readonly patch: z.ZodObject;
  readonly listQuery: z.ZodObject;
  /** The `{id}` path segment (composite keys: values joined by commas, in primary-key order). */
  readonly id: z.ZodType;
}

const cache = new WeakMap<ResourceModel, ResourceSchemas>();

/** Schemas of one resource (built once per model). */
export function resourceSchemas(model: ResourceModel): ResourceSchemas {
  const cached = cache.get(model);
  if (cached) return cached;
  const output: Record<string, z.ZodType> = {};
  for (const field of model.outputFields)
    output[field.name] = described(nullableIf(fieldOutputSchema(field), field.nullable), field);
  for (const relation of model.relations) {
    const composite = relation.targetFields.length > 1;
    // A composite id is written as in the target's `{id}`: the key values joined by commas, each percent-encoded.
    const id = composite ? z.string() : fieldOutputSchema(relation.targetField);
    const nested = z.lazy(() => resourceSchemas(relation.target).output);
    const target = relation.target.name;
    const about =
      model.mapping.maxDepth > 0
        ? `The related ${target} row: its output object within the mapping depth, else its id (also when the ` +
          `caller may not read ${target}, on a cycle, or when the row is soft-deleted)`
        : `The related ${target} row's id`;
    const idForm = composite ? " (a composite id as in its path: key values joined by commas, percent-encoded)" : "";
    output[relation.name] = nullableIf(
      model.mapping.maxDepth > 0 ? z.union([id, nested]) : id,
      relation.fields.some((f) => f.nullable),
    ).describe(about + idForm);
  }
  const create: Record<string, z.ZodType> = {};
  for (const field of model.createFields) {
    const schema = described(nullableIf(fieldInputSchema(field), field.nullable), field);
    create[field.name] = field.nullable || field.hasDefault ? schema.optional() : schema;
  }
  const update: Record<string, z.ZodType> = {};
  const patch: Record<string, z.ZodType> = {};
  for (const field of model.updateFields) {
    const schema = described(fieldInputSchema(field), field);
    update[field.name] = field.nullable ? schema.nullable().optional() : schema;
    patch[field.name] = schema.nullable().optional();
  }
  const schemas: ResourceSchemas = {
    output: z.object(output).meta({ id: model.name }),
    create: z.object(create).meta({ id: `${model.name}Create` }),
    update: z.object(update).meta({ id: `${model.name}Update` }),
    patch: z.object(patch).meta({ id: `${model.name}Patch` }),
    listQuery: listQuerySchema(model),
    id: model.primaryKey.length === 1 && model.primaryKey[0] ? fieldInputSchema(model.primaryKey[0]) : z.string(),
  };
  cache.set(model, schemas);
  return schemas;
}

/** Query parameters of the list endpoint with the default names (`crud({ paging })` can rename page/size/sort). */
function listQuerySchema(model: ResourceModel): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    page: z.coerce.number().int().min(0).optional().describe("Page number (0-based unless configured 1-based)"),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(model.maxSize)
      .optional()
      .describe(`Page size (default ${model.defaultSize})`),
    sort: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("field, field,asc or field,desc; repeatable"),
  };
  if (model.softDelete) {
    shape.includeDeleted = z.enum(["true", "false"]).optional().describe("Also list soft-deleted rows");
    shape.deletedOnly = z.enum(["true", "false"]).optional().describe("List only soft-deleted rows");
  }
  for (const parameter of filterParameters(model).values()) {
    shape[parameter.name] = z.string().optional().describe(`${parameter.type} filter on ${parameter.field.name}`);
  }
  return z.object(shape);
}
