/**
 * The GraphQL operations of one resource, built from the REST code paths: access rules (security.ts), key parsing
 * (state.ts), list parameters (handlers/read.ts listQuery, paging.ts), input rules (input.ts), audit and version
 * handling (handlers/write.ts) and the queries of db.ts. Only the HTTP framing differs.
 */
import { and, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { countRows, deleteRows, insertRow, selectOne, selectPage, updateRows } from "../db.ts";
import { HttpError } from "../errors.ts";
import { listQuery } from "../handlers/read.ts";
import { auditOnCreate, auditOnUpdate, versionGuard } from "../handlers/write.ts";
import { createValues, type InputParsers, patchValues, putValues } from "../input.ts";
import { knownTotal, type PageRequest, pageRequest } from "../paging.ts";
import { authorize } from "../security.ts";
import { keyCondition, keySegment, keyWhere, notFound, onlyActive, type ResourceState } from "../state.ts";
import { timestamp } from "../timestamps.ts";
import { parameterValue } from "./inputs.ts";

type Row = Record<string, unknown>;
export type Args = Record<string, unknown>;

/** What a list query returns; the connection's fields read it (the COUNT runs only when asked for). */
export interface Page {
  readonly rows: Row[];
  readonly request: PageRequest;
  total(): Promise<number>;
}

/** The `{ where, id }` of the row an `id` argument addresses, parsed as REST parses the `{id}` path segment. */
function addressed(state: ResourceState, id: unknown): { where: SQL; id: string } {
  const [only] = state.model.primaryKey;
  const key = state.model.primaryKey.length === 1 && only ? { [only.name]: id } : (id as Row);
  return keyCondition(state, `/${keySegment(state.model, key)}`, 0);
}

export async function getOne(state: ResourceState, c: Context, args: Args): Promise<Row | null> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  let key: { where: SQL };
  try {
    key = addressed(state, args.id);
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
  return (await selectOne(settings.db, model, state.selections, onlyActive(state, key.where))) ?? null;
}

/** The list arguments as the REST query string, so the same code reads filters and sort orders. */
function listParameters(state: ResourceState, args: Args): URLSearchParams {
  const params = new URLSearchParams();
  for (const order of (args.sort as { field: string; direction: string }[] | null | undefined) ?? []) {
    params.append(state.settings.paging.sortParam, `${order.field},${order.direction}`);
  }
  for (const [name, value] of Object.entries((args.filter as Args | null | undefined) ?? {})) {
    const raw = parameterValue(name, value);
    if (raw !== undefined) params.append(name, raw);
  }
  return params;
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

export async function listPage(state: ResourceState, c: Context, args: Args): Promise<Page> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const request = pageRequest(
    text(args.page),
    text(args.size),
    { page: "page", size: "size" },
    { oneIndexed: settings.paging.oneIndexed, defaultSize: model.defaultSize, maxSize: model.maxSize },
  );
  const { conditions, sorts } = listQuery(state, listParameters(state, args));
  const where = and(...conditions);
  const rows = await selectPage(settings.db, model, state.selections, {
    where,
    orderBy: [...sorts, ...state.tiebreak],
    limit: request.size,
    offset: request.page * request.size,
  });
  let total: Promise<number> | undefined;
  return {
    rows,
    request,
    total: () => {
      total ??= Promise.resolve(knownTotal(request, rows.length) ?? countRows(settings.db, model, where));
      return total;
    },
  };
}

export async function hasNextPage(page: Page): Promise<boolean> {
  if (page.rows.length < page.request.size) return false;
  return (await page.total()) > page.request.page * page.request.size + page.rows.length;
}

export async function createOne(state: ResourceState, c: Context, args: Args): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const values = createValues(state.parsers, (args.input as Row | undefined) ?? {});
  Object.assign(values, auditOnCreate(model, user));
  const key = await insertRow(settings.db, model, state.selections, values);
  const row = await selectOne(settings.db, model, state.selections, keyWhere(model, key));
  if (!row) throw new Error("inserted row not found");
  return row;
}

/** GraphQL has no If-Match header: the optimistic lock is the `version` argument only. */
const withoutHeaders = { req: { header: () => undefined } } as unknown as Context;

async function updateOne(
  state: ResourceState,
  c: Context,
  args: Args,
  read: (parsers: InputParsers, body: Row) => Row,
): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = addressed(state, args.id);
  const body: Row = { ...((args.input as Row | undefined) ?? {}) };
  if (args.version !== undefined && args.version !== null) body.version = args.version;
  const set = read(state.parsers, body);
  const guard = versionGuard(model, withoutHeaders, body);
  Object.assign(set, auditOnUpdate(model, user));
  const target = onlyActive(state, where);
  const changed =
    Object.keys(set).length === 0 ||
    (await updateRows(settings.db, model, state.selections, set, and(target, ...guard.conditions) as SQL)) > 0;
  const row = await selectOne(settings.db, model, state.selections, target);
  if (!row) throw notFound(model, id);
  if (!changed && guard.conditions.length > 0) {
    throw new HttpError(409, `${model.name} was modified by someone else (stale version)`);
  }
  return row;
}

export const updateWhole = (state: ResourceState, c: Context, args: Args) => updateOne(state, c, args, putValues);
export const updatePart = (state: ResourceState, c: Context, args: Args) => updateOne(state, c, args, patchValues);

/** Soft delete (or permanent with `permanent: true`) on soft-delete resources; removal on the others. */
export async function deleteOne(state: ResourceState, c: Context, args: Args): Promise<boolean> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = addressed(state, args.id);
  const permanent = !model.softDelete || args.permanent === true;
  const count = permanent
    ? await deleteRows(settings.db, model, state.selections, where)
    : await updateRows(
        settings.db,
        model,
        state.selections,
        { deleted: true, deletedAt: timestamp(model, "deletedAt", new Date()), ...auditOnUpdate(model, user) },
        onlyActive(state, where),
      );
  if (count === 0) throw notFound(model, id);
  return true;
}

export async function restoreOne(state: ResourceState, c: Context, args: Args): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = addressed(state, args.id);
  const set = { deleted: false, deletedAt: null, ...auditOnUpdate(model, user) };
  await updateRows(settings.db, model, state.selections, set, where);
  const row = await selectOne(settings.db, model, state.selections, where);
  if (!row) throw notFound(model, id);
  return row;
}
