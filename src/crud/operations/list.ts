/**
 * Reading a page of rows (REST GET <path>, GraphQL `<entities>(page, size, filter, sort)`): read access, page and size
 * rules, filters and sort orders given as the REST query parameters, soft-deleted rows left out unless asked for.
 */
import { and, asc, desc, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { selectPage } from "../db.ts";
import { HttpError } from "../errors.ts";
import { FilterValueError, filterCondition } from "../filters.ts";
import { queryLimits } from "../limits.ts";
import { sortOrder } from "../model.ts";
import { type PageRequest, pageRequest } from "../paging.ts";
import { authorize } from "../security.ts";
import type { ResourceState } from "../state.ts";

type Row = Record<string, unknown>;

export interface ListQuery {
  readonly conditions: SQL[];
  readonly sorts: SQL[];
}

const tooMany = (what: string, limit: number) => new HttpError(400, `Too many ${what} parameters: at most ${limit}`);

/**
 * Sort and filter parameters -> SQL (400 on an unknown sort field, a bad filter value, or more parameters than
 * `queryLimits` allows). Other parameters are ignored, or answer 400 naming them when the resource is strict.
 */
export function listQuery(state: ResourceState, params: URLSearchParams): ListQuery {
  const { model, settings } = state;
  const { pageParam, sizeParam, sortParam } = settings.paging;
  const conditions: SQL[] = [];
  const sorts: SQL[] = [];
  const unknown = new Set<string>();
  let includeDeleted = false;
  let deletedOnly = false;
  for (const [name, value] of params) {
    if (name === sortParam) {
      if (sorts.length === queryLimits.sortKeys) throw tooMany(name, queryLimits.sortKeys);
      const order = sortOrder(value, model.fieldsByName);
      if (typeof order === "string") throw new HttpError(400, `Invalid ${name}: ${order}`);
      sorts.push(order.direction === "asc" ? asc(order.field.column) : desc(order.field.column));
    } else if (model.softDelete && name === "includeDeleted") {
      includeDeleted = value === "true";
    } else if (model.softDelete && name === "deletedOnly") {
      deletedOnly = value === "true";
    } else {
      const filter = state.filters.get(name);
      if (!filter) {
        if (name !== pageParam && name !== sizeParam) unknown.add(name);
        continue;
      }
      if (conditions.length === queryLimits.filters) throw tooMany("filter", queryLimits.filters);
      try {
        conditions.push(filterCondition(filter, value, model.dialect));
      } catch (error) {
        if (error instanceof FilterValueError) throw new HttpError(400, error.message);
        throw error;
      }
    }
  }
  if (model.strictQuery && unknown.size > 0) {
    throw new HttpError(400, `Unknown query parameters: ${[...unknown].join(", ")}`);
  }
  if (deletedOnly && state.deleted) conditions.push(state.deleted);
  else if (!includeDeleted && state.active) conditions.push(state.active);
  if (sorts.length === 0) {
    for (const order of model.defaultSort)
      sorts.push(order.direction === "asc" ? asc(order.field.column) : desc(order.field.column));
  }
  return { conditions, sorts };
}

export interface PageAsked {
  /** Raw page and size values (null: the default), validated as the REST parameters are. */
  readonly page: string | null;
  readonly size: string | null;
  /** Names the 400 messages use for them. */
  readonly names: { readonly page: string; readonly size: string };
  /** Filter, sort and soft-delete parameters in the REST form. */
  readonly params: URLSearchParams;
}

export interface ReadPage {
  readonly rows: Row[];
  readonly request: PageRequest;
  /** The filter, for a COUNT of all matching rows. */
  readonly where: SQL | undefined;
  /** Whether a sort order applies (the page object's `sort`). */
  readonly sorted: boolean;
}

/** The page and size of a list of the resource, checked against its paging settings (400 when out of bounds). */
export function resourcePage(state: ResourceState, asked: Omit<PageAsked, "params">): PageRequest {
  const { model, settings } = state;
  return pageRequest(asked.page, asked.size, asked.names, {
    oneIndexed: settings.paging.oneIndexed,
    defaultSize: model.defaultSize,
    maxSize: model.maxSize,
  });
}

export async function readPage(state: ResourceState, c: Context, asked: PageAsked): Promise<ReadPage> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const request = resourcePage(state, asked);
  const { conditions, sorts } = listQuery(state, asked.params);
  const where = and(...conditions);
  const rows = await selectPage(settings.db, model, state.selections, {
    where,
    orderBy: [...sorts, ...state.tiebreak],
    limit: request.size,
    offset: request.page * request.size,
  });
  return { rows, request, where, sorted: sorts.length > 0 };
}
