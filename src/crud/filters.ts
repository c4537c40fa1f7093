/**
 * List filters: the query-parameter table of a resource (computed once) and the SQL condition for one parameter.
 * Parameter names are looked up exactly in the table; when two fields could claim a name (`logged_in` as the column
 * `logged_in` or as `logged` + IN), the longer column name wins.
 */
import {
  and,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import { queryLimits } from "./limits.ts";
import type { FieldModel, ResourceModel } from "./model.ts";
import type { FilterType } from "./types.ts";

/** How a parameter's value is read: one value, a list, two bounds, or the flag `true`. */
export type FilterOperator =
  | "eq"
  | "like"
  | "gt"
  | "lt"
  | "gte"
  | "lte"
  | "in"
  | "notIn"
  | "null"
  | "notNull"
  | "between";

export interface FilterParameter {
  readonly name: string;
  readonly field: FieldModel;
  readonly operator: FilterOperator;
  readonly type: FilterType;
}

const forms: readonly { suffix: string; operator: FilterOperator; types: readonly FilterType[] }[] = [
  { suffix: "", operator: "eq", types: ["EQUALS"] },
  { suffix: "_like", operator: "like", types: ["LIKE"] },
  { suffix: "_gt", operator: "gt", types: ["GREATER_THAN"] },
  { suffix: "_lt", operator: "lt", types: ["LESS_THAN"] },
  { suffix: "_gte", operator: "gte", types: ["GREATER_THAN_OR_EQUAL", "RANGE"] },
  { suffix: "_lte", operator: "lte", types: ["LESS_THAN_OR_EQUAL", "RANGE"] },
  { suffix: "_range", operator: "between", types: ["RANGE"] },
  { suffix: "_in", operator: "in", types: ["IN"] },
  { suffix: "_not_in", operator: "notIn", types: ["NOT_IN"] },
  { suffix: "_null", operator: "null", types: ["IS_NULL"] },
  { suffix: "_not_null", operator: "notNull", types: ["IS_NOT_NULL"] },
  { suffix: "_between", operator: "between", types: ["BETWEEN"] },
];

/** Every filter parameter the resource accepts, keyed by parameter name. */
export function filterParameters(model: ResourceModel): ReadonlyMap<string, FilterParameter> {
  const table = new Map<string, FilterParameter>();
  const byLength = [...model.outputFields].sort((a, b) => a.name.length - b.name.length);
  for (const field of byLength) {
    for (const form of forms) {
      const type = form.types.find((t) => field.filterable.has(t));
      if (type)
        table.set(field.name + form.suffix, { name: field.name + form.suffix, field, operator: form.operator, type });
    }
  }
  return table;
}

export class FilterValueError extends Error {}

/**
 * Plain decimal notation only, so an id or integer has one spelling: no sign but `-`, no leading zeros, no `-0`, no
 * exponent, no hex/binary prefixes, no spaces. A fraction only on non-integer columns (`9.90` there; `1.0` is 400 on
 * an integer column).
 */
const canonicalInteger = /^(?:0|-?[1-9]\d*)$/;
const canonicalDecimal = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function parseDate(raw: string, bad: () => FilterValueError): Date {
  const value = new Date(raw);
  if (raw.trim() === "" || Number.isNaN(value.getTime())) throw bad();
  return value;
}

/**
 * Parses one query-string value to the column's type (throws FilterValueError on a bad value). A managed TEXT
 * timestamp reads a date and compares as its ISO string, the form the library writes.
 */
export function parseFilterValue(field: FieldModel, raw: string): unknown {
  const bad = () => new FilterValueError(`Invalid value for ${field.name}: '${raw}'`);
  if (field.isoText) return parseDate(raw, bad).toISOString();
  switch (field.kind) {
    case "number": {
      if (!(field.integer ? canonicalInteger : canonicalDecimal).test(raw) || raw === "-0") throw bad();
      const value = Number(raw);
      if (!Number.isFinite(value) || (field.integer && !Number.isSafeInteger(value))) throw bad();
      if (field.range && (value < field.range[0] || value > field.range[1])) throw bad();
      return value;
    }
    case "bigint":
      if (!canonicalInteger.test(raw)) throw bad();
      return BigInt(raw);
    case "boolean":
      if (raw !== "true" && raw !== "false") throw bad();
      return raw === "true";
    case "date":
      return parseDate(raw, bad);
    default:
      if (field.enumValues && !field.enumValues.includes(raw)) throw bad();
      return raw;
  }
}

/** Comma-separated values (spaces around commas allowed), at most `queryLimits.listValues` of them. */
function list(parameter: FilterParameter, raw: string): unknown[] {
  const parts = raw.split(",", queryLimits.listValues + 1);
  if (parts.length > queryLimits.listValues) {
    throw new FilterValueError(`Too many values in ${parameter.name}: at most ${queryLimits.listValues}`);
  }
  return parts.map((part) => parseFilterValue(parameter.field, part.trim()));
}

function flag(parameter: FilterParameter, raw: string): boolean {
  if (raw !== "true" && raw !== "false") throw new FilterValueError(`Invalid value for ${parameter.name}: '${raw}'`);
  return raw === "true";
}

/** `%` and `_` in the user's text match themselves, not any character. */
function likePattern(raw: string): string {
  return `%${raw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match, escaping with a backslash on every dialect. */
function likeCondition(field: FieldModel, pattern: unknown, dialect: ResourceModel["dialect"]): SQL {
  if (dialect === "pg") return ilike(field.column, pattern as string);
  if (dialect === "mysql") return like(field.column, pattern as string);
  return sql`${field.column} like ${pattern} escape '\\'`;
}

/** A filter parameter's value, checked and parsed: what it binds, and what else the SQL text depends on. */
export interface FilterValues {
  readonly parameter: FilterParameter;
  /** The values the condition binds, in order (a LIKE pattern escaped, a list's items). */
  readonly values: readonly unknown[];
  /** Part of the statement's shape: the parameter, a list's length, a flag's value. */
  readonly shape: string;
  /** The `true`/`false` of `_null` and `_not_null`. */
  readonly flag?: boolean;
}

/** Parses and checks one filter parameter's value (throws FilterValueError). */
export function filterValues(parameter: FilterParameter, raw: string): FilterValues {
  const { field, name } = parameter;
  switch (parameter.operator) {
    case "like":
      return { parameter, values: [likePattern(raw)], shape: name };
    case "in":
    case "notIn": {
      const values = list(parameter, raw);
      return { parameter, values, shape: `${name}:${values.length}` };
    }
    case "null":
    case "notNull": {
      const value = flag(parameter, raw);
      return { parameter, values: [], shape: `${name}:${value}`, flag: value };
    }
    case "between": {
      const values = list(parameter, raw);
      if (values.length !== 2) throw new FilterValueError(`${name} needs two comma-separated bounds`);
      return { parameter, values, shape: name };
    }
    default:
      return { parameter, values: [parseFilterValue(field, raw)], shape: name };
  }
}

/**
 * The SQL condition of a parsed filter over `slots`, one per value: the values themselves or placeholders (`_null=false`
 * means the opposite check).
 */
export function filterCondition(
  filter: FilterValues,
  slots: readonly unknown[],
  dialect: ResourceModel["dialect"],
): SQL {
  const { parameter } = filter;
  const column = parameter.field.column;
  const [first, second] = slots;
  switch (parameter.operator) {
    case "eq":
      return eq(column, first);
    case "like":
      return likeCondition(parameter.field, first, dialect);
    case "gt":
      return gt(column, first);
    case "lt":
      return lt(column, first);
    case "gte":
      return gte(column, first);
    case "lte":
      return lte(column, first);
    case "in":
      return inArray(column, [...slots]);
    case "notIn":
      return notInArray(column, [...slots]);
    case "null":
      return filter.flag ? isNull(column) : isNotNull(column);
    case "notNull":
      return filter.flag ? isNotNull(column) : isNull(column);
    case "between":
      return and(gte(column, first), lte(column, second)) as SQL;
  }
}
