/**
 * Reading a page of rows (REST GET <path>, GraphQL `<entities>(page, size, filter, sort)`): read access, page and size
 * rules, filters and sort orders given as the REST query parameters, soft-deleted rows left out unless asked for.
 */
import { and, asc, desc, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { countQuery, selectPage, selectPageWithTotal } from "../db.ts";
import { HttpError } from "../errors.ts";
import { FilterValueError, type FilterValues, filterCondition, filterValues } from "../filters.ts";
import { queryLimits } from "../limits.ts";
import { type SortOrder, sortOrder } from "../model.ts";
import { knownTotal, type PageRequest, pageRequest } from "../paging.ts";
import { authorize } from "../security.ts";
import type { ResourceState } from "../state.ts";
import { prepared, slot, slotValues } from "../statements.ts";

type Row = Record<string, unknown>;

/** The filters, sort orders and soft-delete mode of a list request, with the values they bind. */
export interface ListQuery {
  readonly filters: readonly FilterValues[];
  readonly sorts: readonly SortOrder[];
  /** Whether a sort order applies, asked for or the resource's default (the page object's `sort`). */
  readonly sorted: boolean;
  readonly deleted: "active" | "all" | "only";
  /** Everything the statements' SQL text depends on (the cache key of their prepared statements). */
  readonly shape: string;
  /** The filters' values in order. */
  readonly values: readonly unknown[];
}

const tooMany = (what: string, limit: number) => new HttpError(400, `Too many ${what} parameters: at most ${limit}`);

/**
 * Sort and filter parameters, parsed (400 on an unknown sort field, a bad filter value, or more parameters than
 * `queryLimits` allows). Other parameters are ignored, or answer 400 naming them when the resource is strict.
 */
export function listQuery(state: ResourceState, params: URLSearchParams): ListQuery {
  const { model, settings } = state;
  const { pageParam, sizeParam, sortParam } = settings.paging;
  const filters: FilterValues[] = [];
  const sorts: SortOrder[] = [];
  const unknown = new Set<string>();
  let includeDeleted = false;
  let deletedOnly = false;
  for (const [name, value] of params) {
    if (name === sortParam) {
      if (sorts.length === queryLimits.sortKeys) throw tooMany(name, queryLimits.sortKeys);
      const order = sortOrder(value, model.fieldsByName);
      if (typeof order === "string") throw new HttpError(400, `Invalid ${name}: ${order}`);
      sorts.push(order);
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
      if (filters.length === queryLimits.filters) throw tooMany("filter", queryLimits.filters);
      try {
        filters.push(filterValues(filter, value));
      } catch (error) {
        if (error instanceof FilterValueError) throw new HttpError(400, error.message);
        throw error;
      }
    }
  }
  if (model.strictQuery && unknown.size > 0) {
    throw new HttpError(400, `Unknown query parameters: ${[...unknown].join(", ")}`);
  }
  const deleted = deletedOnly && state.deleted ? "only" : !includeDeleted && state.active ? "active" : "all";
  const orders = sorts.length > 0 ? sorts : model.defaultSort;
  let shape = deleted;
  const values: unknown[] = [];
  for (const filter of filters) {
    shape += `&${filter.shape}`;
    values.push(...filter.values);
  }
  for (const order of orders) shape += `|${order.field.name},${order.direction}`;
  return { filters, sorts: orders, sorted: orders.length > 0, deleted, shape, values };
}

/** The WHERE of a list query over placeholders (`p0`, `p1`, … in the order of `query.values`). */
function listWhere(state: ResourceState, query: ListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  let index = 0;
  for (const filter of query.filters) {
    const slots = filter.values.map(() => slot(index++, filter.parameter.field.column));
    conditions.push(filterCondition(filter, slots, state.model.dialect));
  }
  if (query.deleted === "only" && state.deleted) conditions.push(state.deleted);
  else if (query.deleted === "active" && state.active) conditions.push(state.active);
  return and(...conditions);
}

const totalKeys = new WeakMap<ResourceState, string>();

/** The column of the total in a page selected with it: "total", or a name no output field has. */
function totalKey(state: ResourceState): string {
  let key = totalKeys.get(state);
  if (key === undefined) {
    key = "total";
    while (key in state.selections.output) key = `_${key}`;
    totalKeys.set(state, key);
  }
  return key;
}

/**
 * Filter values up to which the page's statement also counts. Its WHERE appears twice, in the page and in the count:
 * past this (long `_in` lists) the page and a COUNT run apart, so a statement never binds more than `queryLimits`
 * allows for one (SQLite's 32,766 variables).
 */
const countedWithPageValues = 1000;

interface PageResult {
  readonly rows: Row[];
  /** How many rows match on all pages: read with the page when it was asked for and the page has rows. */
  readonly total?: number;
}

/**
 * The rows of one page of a list query, a prepared statement per shape; with `withTotal` (and at most
 * `countedWithPageValues` filter values) the same statement also counts the matching rows (db.ts
 * `selectPageWithTotal`), so the page and its total cost one round trip.
 */
async function pageRows(
  state: ResourceState,
  query: ListQuery,
  request: PageRequest,
  withTotal: boolean,
): Promise<PageResult> {
  const { model, settings } = state;
  const key = withTotal && query.values.length <= countedWithPageValues ? totalKey(state) : undefined;
  const statement = prepared(settings.db, model, `${key ? "page+total" : "page"}:${query.shape}`, () => {
    const page = {
      where: listWhere(state, query),
      orderBy: [
        ...query.sorts.map((order) => (order.direction === "asc" ? asc : desc)(order.field.column)),
        ...state.tiebreak,
      ],
      limit: slot(query.values.length),
      offset: slot(query.values.length + 1),
    };
    return key
      ? selectPageWithTotal(settings.db, model, state.selections, page, key)
      : selectPage(settings.db, model, state.selections, page);
  });
  const values = slotValues([...query.values, request.size, request.page * request.size]);
  const rows = (await statement.execute(values)) as Row[];
  if (!key || rows.length === 0) return { rows };
  const total = rows[0]?.[key] as number;
  // The total is the last column selected: deleting the last property added keeps V8's fast object shape.
  for (const row of rows) delete row[key];
  return { rows, total };
}

/** How many rows match a list query (all pages), a prepared statement per shape. */
async function countMatching(state: ResourceState, query: ListQuery): Promise<number> {
  const { model, settings } = state;
  const statement = prepared(settings.db, model, `count:${query.shape}`, () =>
    countQuery(settings.db, model, listWhere(state, query)),
  );
  const rows = (await statement.execute(slotValues(query.values))) as { total: number }[];
  return Number(rows[0]?.total ?? 0);
}

export interface PageAsked {
  /** Raw page and size values (null: the default), validated as the REST parameters are. */
  readonly page: string | null;
  readonly size: string | null;
  /** Names the 400 messages use for them. */
  readonly names: { readonly page: string; readonly size: string };
  /** Filter, sort and soft-delete parameters in the REST form. */
  readonly params: URLSearchParams;
  /**
   * Whether the answer will show the total: then the page's statement counts too (one statement, not the page and
   * then a COUNT). Without it `total()` still answers, from the page when it can, else with a COUNT.
   */
  readonly withTotal: boolean;
}

export interface ReadPage {
  readonly rows: Row[];
  readonly request: PageRequest;
  /**
   * How many rows match, on all pages: counted with the page when asked for, else told by the page when it is the
   * last one (as Spring Data does), else one COUNT statement (also for an empty page past the end).
   */
  total(): Promise<number>;
  /** Whether a sort order applies (the page object's `sort`). */
  readonly sorted: boolean;
}

/** The page and size of a list of the resource, checked against its paging settings (400 when out of bounds). */
export function resourcePage(state: ResourceState, asked: Omit<PageAsked, "params" | "withTotal">): PageRequest {
  const { model, settings } = state;
  return pageRequest(asked.page, asked.size, asked.names, {
    oneIndexed: settings.paging.oneIndexed,
    defaultSize: model.defaultSize,
    maxSize: model.maxSize,
  });
}

export async function readPage(state: ResourceState, c: Context, asked: PageAsked): Promise<ReadPage> {
  await authorize(c, state.model.read, state.settings.auth);
  const request = resourcePage(state, asked);
  const query = listQuery(state, asked.params);
  const { rows, total } = await pageRows(state, query, request, asked.withTotal);
  let counted: Promise<number> | undefined;
  return {
    rows,
    request,
    total: () => {
      counted ??= Promise.resolve(total ?? knownTotal(request, rows.length) ?? countMatching(state, query));
      return counted;
    },
    sorted: query.sorted,
  };
}
