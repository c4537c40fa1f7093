/** GET <path> (page of rows) and GET <path>/{id}. */
import { and, asc, desc, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { countRows, selectOne, selectPage } from "../db.ts";
import { HttpError } from "../errors.ts";
import { FilterValueError, filterCondition } from "../filters.ts";
import { queryLimits } from "../limits.ts";
import { sortOrder } from "../model.ts";
import { knownTotal, pageObject, pageRequest } from "../paging.ts";
import { authorize } from "../security.ts";
import { etagHeaders, keyCondition, notFound, onlyActive, outputRows, type ResourceState } from "../state.ts";

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

export async function listRows(state: ResourceState, c: Context): Promise<Response> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const params = new URL(c.req.url).searchParams;
  const { pageParam, sizeParam, oneIndexed } = settings.paging;
  const request = pageRequest(
    params.get(pageParam),
    params.get(sizeParam),
    { page: pageParam, size: sizeParam },
    { oneIndexed, defaultSize: model.defaultSize, maxSize: model.maxSize },
  );
  const { conditions, sorts } = listQuery(state, params);
  const where = and(...conditions);
  const rows = await selectPage(settings.db, model, state.selections, {
    where,
    orderBy: [...sorts, ...state.tiebreak],
    limit: request.size,
    offset: request.page * request.size,
  });
  const total = knownTotal(request, rows.length) ?? (await countRows(settings.db, model, where));
  const content = await outputRows(state, c, rows);
  return c.json(pageObject(content, request, total, sorts.length > 0), 200, { "X-Total-Count": String(total) });
}

export async function getRow(state: ResourceState, c: Context): Promise<Response> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const { where, id } = keyCondition(state, c.req.path, 0);
  const row = await selectOne(settings.db, model, state.selections, onlyActive(state, where));
  if (!row) throw notFound(model, id);
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, 200, etagHeaders(model, row));
}
