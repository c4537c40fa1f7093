/**
 * The GraphQL operations of one resource: the resolvers' side of the context-free cores in ../operations/ that the
 * REST handlers call too (access rules, key parsing, list parameters, input rules, audit and version handling, the
 * queries of db.ts). Only the framing differs: arguments instead of path, query string and body; no If-Match header.
 */
import type { GraphQLResolveInfo } from "graphql";
import type { Context } from "hono";
import { HttpError } from "../errors.ts";
import { patchValues, putValues } from "../input.ts";
import { createOne as create } from "../operations/create.ts";
import { readPage } from "../operations/list.ts";
import { findOne } from "../operations/read.ts";
import { deleteOne as remove } from "../operations/remove.ts";
import { restoreOne as restore } from "../operations/restore.ts";
import { type UpdateRequest, updateOne as update } from "../operations/update.ts";
import type { PageRequest } from "../paging.ts";
import { keyCondition, keySegment, type ResourceState, type RowKey } from "../state.ts";
import { parameterValue } from "./inputs.ts";
import { pageAsked } from "./paging.ts";
import { readsTotal } from "./selection.ts";

type Row = Record<string, unknown>;
export type Args = Record<string, unknown>;

/** What a list query returns; the connection's fields read it (the total is counted only when selected). */
export interface Page {
  readonly rows: Row[];
  readonly request: PageRequest;
  total(): Promise<number>;
}

/** The `{ where, id }` of the row an `id` argument addresses, parsed as REST parses the `{id}` path segment. */
function addressed(state: ResourceState, id: unknown): RowKey {
  const [only] = state.model.primaryKey;
  const key = state.model.primaryKey.length === 1 && only ? { [only.name]: id } : (id as Row);
  return keyCondition(state, `/${keySegment(state.model, key)}`, 0);
}

/** null for an id that addresses no active row (also a malformed one), as a nullable field should. */
export async function getOne(state: ResourceState, c: Context, args: Args): Promise<Row | null> {
  try {
    return await findOne(state, c, () => addressed(state, args.id));
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
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

export async function listPage(state: ResourceState, c: Context, args: Args, info: GraphQLResolveInfo): Promise<Page> {
  const params = listParameters(state, args);
  const page = await readPage(state, c, { ...pageAsked(args), params, withTotal: readsTotal(info) });
  return { rows: page.rows, request: page.request, total: page.total };
}

export async function hasNextPage(page: Page): Promise<boolean> {
  if (page.rows.length < page.request.size) return false;
  return (await page.total()) > page.request.page * page.request.size + page.rows.length;
}

export const createOne = (state: ResourceState, c: Context, args: Args) =>
  create(state, c, () => (args.input as Row | undefined) ?? {});

/** GraphQL has no If-Match header: the optimistic lock is the `version` argument, read as the body's `version`. */
function updateWith(values: UpdateRequest["values"]) {
  return (state: ResourceState, c: Context, args: Args) =>
    update(state, c, {
      key: () => addressed(state, args.id),
      body: () => {
        const body: Row = { ...((args.input as Row | undefined) ?? {}) };
        if (args.version !== undefined && args.version !== null) body.version = args.version;
        return body;
      },
      ifMatch: undefined,
      values,
    });
}

export const updateWhole = updateWith(putValues);
export const updatePart = updateWith(patchValues);

/** Soft delete (or permanent with `permanent: true`) on soft-delete resources; removal on the others. */
export async function deleteOne(state: ResourceState, c: Context, args: Args): Promise<boolean> {
  await remove(state, c, () => addressed(state, args.id), args.permanent === true);
  return true;
}

export const restoreOne = (state: ResourceState, c: Context, args: Args) =>
  restore(state, c, () => addressed(state, args.id));
