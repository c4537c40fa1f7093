/**
 * Input types of one resource: the key, the list filter (the REST filter parameters, same names and rules), the sort
 * order, and the create / update (PUT) / patch (PATCH) inputs. Input fields are all optional in the schema: required
 * fields are checked by the REST input code (input.ts), so a missing one is the same `NotNull` field error as in REST.
 */
import {
  GraphQLBoolean,
  GraphQLEnumType,
  type GraphQLInputFieldConfigMap,
  GraphQLInputObjectType,
  type GraphQLInputType,
  GraphQLList,
  GraphQLNonNull,
} from "graphql";
import { HttpError } from "../errors.ts";
import type { FilterParameter } from "../filters.ts";
import type { FieldModel, ResourceModel } from "../model.ts";
import type { ResourceState } from "../state.ts";
import type { GraphqlNames } from "./names.ts";
import { scalarOf } from "./scalars.ts";

export const SortDirection = new GraphQLEnumType({
  name: "SortDirection",
  values: { ASC: { value: "asc" }, DESC: { value: "desc" } },
});

export interface ResourceInputs {
  /** Type of the `id` argument: the key's scalar, or an input object for composite keys. */
  readonly key: GraphQLInputType;
  readonly filter: GraphQLInputObjectType | undefined;
  readonly sort: GraphQLInputObjectType | undefined;
  readonly create: GraphQLInputObjectType | undefined;
  readonly update: GraphQLInputObjectType | undefined;
  readonly patch: GraphQLInputObjectType | undefined;
}

const listOperators = new Set(["in", "notIn", "between"]);
const flagOperators = new Set(["null", "notNull"]);

function filterFieldType(parameter: FilterParameter): GraphQLInputType {
  if (flagOperators.has(parameter.operator)) return GraphQLBoolean;
  const scalar = scalarOf(parameter.field);
  return listOperators.has(parameter.operator) ? new GraphQLList(new GraphQLNonNull(scalar)) : scalar;
}

function describe(field: FieldModel): { description?: string } {
  return field.description ? { description: field.description } : {};
}

function fieldsInput(name: string, fields: readonly FieldModel[], description: string) {
  if (fields.length === 0) return undefined;
  const config: GraphQLInputFieldConfigMap = {};
  for (const field of fields) config[field.name] = { type: scalarOf(field), ...describe(field) };
  return new GraphQLInputObjectType({ name, description, fields: config });
}

function keyType(model: ResourceModel, names: GraphqlNames): GraphQLInputType {
  const [only] = model.primaryKey;
  if (model.primaryKey.length === 1 && only) return new GraphQLNonNull(scalarOf(only));
  const fields: GraphQLInputFieldConfigMap = {};
  for (const field of model.primaryKey) fields[field.name] = { type: new GraphQLNonNull(scalarOf(field)) };
  return new GraphQLNonNull(new GraphQLInputObjectType({ name: `${names.type}Key`, fields }));
}

function filterType(state: ResourceState, names: GraphqlNames): GraphQLInputObjectType | undefined {
  const fields: GraphQLInputFieldConfigMap = {};
  for (const parameter of state.filters.values()) {
    fields[parameter.name] = {
      type: filterFieldType(parameter),
      description: `${parameter.type} filter on ${parameter.field.name} (REST parameter ${parameter.name})`,
    };
  }
  if (state.model.softDelete) {
    fields.includeDeleted = { type: GraphQLBoolean, description: "Also list soft-deleted rows" };
    fields.deletedOnly = { type: GraphQLBoolean, description: "List only soft-deleted rows" };
  }
  if (Object.keys(fields).length === 0) return undefined;
  return new GraphQLInputObjectType({ name: `${names.type}Filter`, fields });
}

function sortType(model: ResourceModel, names: GraphqlNames): GraphQLInputObjectType | undefined {
  const sortable = model.outputFields.filter((f) => f.sortable);
  if (sortable.length === 0) return undefined;
  const field = new GraphQLEnumType({
    name: `${names.type}SortField`,
    values: Object.fromEntries(sortable.map((f) => [f.name, { value: f.name }])),
  });
  return new GraphQLInputObjectType({
    name: `${names.type}Sort`,
    fields: {
      field: { type: new GraphQLNonNull(field) },
      direction: { type: SortDirection, defaultValue: "asc" },
    },
  });
}

export function resourceInputs(state: ResourceState, names: GraphqlNames): ResourceInputs {
  const { model } = state;
  return {
    key: keyType(model, names),
    filter: filterType(state, names),
    sort: sortType(model, names),
    create: fieldsInput(`${names.type}CreateInput`, model.createFields, "Fields of a new row (as POST)"),
    update: fieldsInput(
      `${names.type}UpdateInput`,
      model.updateFields,
      "Every writable field; omitted = null (as PUT)",
    ),
    patch: fieldsInput(`${names.type}PatchInput`, model.updateFields, "Only the fields to change (as PATCH)"),
  };
}

/** A filter value as the REST query-string value (lists comma-joined, as REST reads them). */
export function parameterValue(name: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value)) return String(value);
  const parts = value.map(String);
  if (parts.some((part) => part.includes(","))) {
    throw new HttpError(400, `Values of ${name} cannot contain commas (as in the REST parameter)`);
  }
  return parts.join(",");
}
