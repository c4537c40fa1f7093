/** Query parameters of the list endpoint and the `{id}` path parameter, as OpenAPI parameter objects. */
import { type FilterParameter, filterParameters } from "../filters.ts";
import { queryLimits } from "../limits.ts";
import type { FieldModel, ResourceModel } from "../model.ts";
import { fieldInputSchema } from "../schemas.ts";
import type { PagingOptions } from "../types.ts";
import { inlineSchema, type JsonSchema } from "./json-schema.ts";

const booleanFlag = { type: "boolean" };

function query(name: string, schema: JsonSchema, description: string, extra: JsonSchema = {}): JsonSchema {
  return { name, in: "query", required: false, description, schema, ...extra };
}

/** Comma-separated values are OpenAPI's `form` style without explode: `a,b,c`. */
const commaSeparated = { style: "form", explode: false };

/** Numbers and ids are read in plain decimal notation only, so each value has one spelling. */
const plainDecimal = "plain decimal (`12`, `-3`, `9.5`; no `+`, exponent, `0x`, leading zeros or spaces)";

function isNumeric(field: FieldModel): boolean {
  return field.kind === "number" || field.kind === "bigint";
}

function filterQuery(parameter: FilterParameter): JsonSchema {
  const { name, field, operator, type } = parameter;
  const value = inlineSchema(fieldInputSchema(field));
  const about = `${type} filter on \`${field.name}\`${isNumeric(field) ? `, ${plainDecimal}` : ""}`;
  const list = { type: "array", items: value, maxItems: queryLimits.listValues };
  switch (operator) {
    case "like":
      return query(name, { type: "string" }, `${about}: case-insensitive substring`);
    case "in":
    case "notIn":
      return query(name, list, `${about}: comma-separated values, at most ${queryLimits.listValues}`, commaSeparated);
    case "between":
      return query(
        name,
        { type: "array", items: value, minItems: 2, maxItems: 2 },
        `${about}: two comma-separated bounds, both inclusive`,
        commaSeparated,
      );
    case "null":
      return query(name, booleanFlag, `${about}: \`true\` keeps rows where it is null, \`false\` the others`);
    case "notNull":
      return query(name, booleanFlag, `${about}: \`true\` keeps rows where it is not null, \`false\` the others`);
    default:
      return query(name, value, about);
  }
}

/** `field`, `field,asc`, `field,desc` for every sortable field. */
function sortValues(model: ResourceModel): string[] {
  return model.fields.filter((f) => f.sortable).flatMap((f) => [f.name, `${f.name},asc`, `${f.name},desc`]);
}

export function listParameters(model: ResourceModel, paging: Required<PagingOptions>): JsonSchema[] {
  const first = paging.oneIndexed ? 1 : 0;
  const parameters = [
    query(
      paging.pageParam,
      { type: "integer", minimum: first, default: first },
      `Page number (${paging.oneIndexed ? "1-based" : "0-based"})`,
    ),
    query(
      paging.sizeParam,
      { type: "integer", minimum: 1, maximum: model.maxSize, default: model.defaultSize },
      `Page size (at most ${model.maxSize}; larger answers 400)`,
    ),
    query(
      paging.sortParam,
      { type: "array", items: { type: "string", enum: sortValues(model) }, maxItems: queryLimits.sortKeys },
      `\`field\`, \`field,asc\` or \`field,desc\`; repeat the parameter to sort by several fields, at most ${queryLimits.sortKeys}`,
      { style: "form", explode: true },
    ),
  ];
  if (model.softDelete) {
    parameters.push(
      query("includeDeleted", booleanFlag, "`true` also lists soft-deleted rows"),
      query("deletedOnly", booleanFlag, "`true` lists only soft-deleted rows"),
    );
  }
  // In the order the table declares its fields (the filter table is ordered for name matching).
  const position = (parameter: FilterParameter) => model.fields.indexOf(parameter.field);
  const filters = [...filterParameters(model).values()].sort((a, b) => position(a) - position(b));
  for (const parameter of filters) parameters.push(filterQuery(parameter));
  return parameters;
}

export function idParameter(model: ResourceModel): JsonSchema {
  const [single, ...rest] = model.primaryKey;
  if (single && rest.length === 0) {
    const schema = inlineSchema(fieldInputSchema(single));
    if (!isNumeric(single)) return { name: "id", in: "path", required: true, schema };
    const description = `The key in ${plainDecimal}; any other spelling addresses no row (404)`;
    return { name: "id", in: "path", required: true, description, schema };
  }
  const names = model.primaryKey.map((f) => f.name).join(", ");
  return {
    name: "id",
    in: "path",
    required: true,
    description: `Composite key: the values of ${names}, in this order, joined by commas (each percent-encoded)`,
    schema: { type: "string" },
  };
}

export function permanentParameter(): JsonSchema {
  return query("permanent", booleanFlag, "`true` deletes the row for good instead of marking it deleted");
}
