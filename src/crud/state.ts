/** Everything a resource's handlers need, computed once when `crud()` starts; handlers only read it. */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { activeRows, type Selections, selections } from "./db.ts";
import { type ErrorReporter, HttpError } from "./errors.ts";
import { type FilterParameter, FilterValueError, filterParameters, parseFilterValue } from "./filters.ts";
import { type InputParsers, inputParsers } from "./input.ts";
import type { FieldModel, ResourceModel } from "./model.ts";
import { type OutputContext, toOutput } from "./output.ts";
import { readAccess } from "./security.ts";
import type { AuthFunction, PagingOptions } from "./types.ts";

type Row = Record<string, unknown>;

export interface CrudSettings {
  readonly db: unknown;
  readonly onError: ErrorReporter;
  readonly auth: AuthFunction | undefined;
  readonly paging: Required<PagingOptions>;
}

export interface ResourceState {
  readonly model: ResourceModel;
  readonly settings: CrudSettings;
  readonly selections: Selections;
  readonly parsers: InputParsers;
  readonly filters: ReadonlyMap<string, FilterParameter>;
  readonly output: OutputContext;
  /** `deleted = false` for soft-delete resources. */
  readonly active: SQL | undefined;
  /** `deleted = true` for soft-delete resources. */
  readonly deleted: SQL | undefined;
  /** Primary key ascending, appended to every ORDER BY so pages are stable. */
  readonly tiebreak: readonly SQL[];
  readonly deletedField: FieldModel | undefined;
}

export function resourceState(
  model: ResourceModel,
  settings: CrudSettings,
  allSelections: (m: ResourceModel) => Selections,
): ResourceState {
  const deletedField = model.softDelete ? model.fieldsByName.get("deleted") : undefined;
  return {
    model,
    settings,
    selections: allSelections(model),
    parsers: inputParsers(model),
    filters: filterParameters(model),
    output: { db: settings.db, selections: allSelections },
    active: activeRows(model),
    deleted: deletedField ? eq(deletedField.column, true) : undefined,
    tiebreak: model.primaryKey.map((f) => asc(f.column)),
    deletedField,
  };
}

/** Memoized selections shared by all resources of one `crud()` call. */
export function selectionCache(): (model: ResourceModel) => Selections {
  const cache = new Map<ResourceModel, Selections>();
  return (model) => {
    let found = cache.get(model);
    if (!found) {
      found = selections(model);
      cache.set(model, found);
    }
    return found;
  };
}

/** The row a request addresses: its WHERE and the id as the caller wrote it (for the 404 message). */
export interface RowKey {
  readonly where: SQL;
  readonly id: string;
  /** The key's values in primary-key order. */
  readonly values: readonly unknown[];
}

/** 404 for an id that addresses no (active) row. */
export function notFound(model: ResourceModel, id: string): HttpError {
  return new HttpError(404, `${model.name} not found with id: ${id}`);
}

/**
 * The key of the row addressed by the URL: the path segment `fromEnd` places before the end (0 = last). Composite keys
 * are the key values in primary-key order, joined by commas, each percent-encoded (so a comma inside a value is %2C).
 */
export function keyCondition(state: ResourceState, path: string, fromEnd: number): RowKey {
  const segments = path.split("/");
  const id = segments[segments.length - 1 - fromEnd] ?? "";
  const parts = id.split(",");
  const { primaryKey } = state.model;
  if (parts.length !== primaryKey.length) throw notFound(state.model, id);
  try {
    const values = primaryKey.map((field, i) => parseFilterValue(field, decodeURIComponent(parts[i] ?? "")));
    return {
      id,
      values,
      // Built when asked for: reads by key run a prepared statement with `values` instead.
      get where() {
        const conditions = primaryKey.map((field, i) => eq(field.column, values[i]));
        return conditions.length === 1 ? (conditions[0] as SQL) : (and(...conditions) as SQL);
      },
    };
  } catch (error) {
    if (error instanceof FilterValueError || error instanceof URIError) throw notFound(state.model, id);
    throw error;
  }
}

/** The URL path segment of a row's key (inverse of keyCondition). */
export function keySegment(model: ResourceModel, key: Row): string {
  return model.primaryKey.map((f) => encodeURIComponent(String(key[f.name]))).join(",");
}

/** `where` plus `deleted = false` on soft-delete resources. */
export function onlyActive(state: ResourceState, where: SQL): SQL {
  return state.active ? (and(where, state.active) as SQL) : where;
}

/** Condition selecting the row with these key values. */
export function keyWhere(model: ResourceModel, key: Row): SQL {
  const conditions = model.primaryKey.map((field) => eq(field.column, key[field.name]));
  return conditions.length === 1 ? (conditions[0] as SQL) : (and(...conditions) as SQL);
}

/** `ETag: "<version>"` for versioned resources. */
export function etagHeaders(model: ResourceModel, row: Row): Record<string, string> {
  return model.audit?.version && row.version !== undefined ? { ETag: `"${String(row.version)}"` } : {};
}

/** Output objects of the resource's rows for this request's caller (relations embedded as the caller may read them). */
export function outputRows(state: ResourceState, c: Context, rows: Row[]): Promise<Row[]> {
  return toOutput(state.output, state.model, rows, readAccess(c, state.settings.auth));
}
