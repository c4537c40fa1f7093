/** POST <path>, PUT <path>/{id}, PATCH <path>/{id}: audit columns, optimistic locking (version and If-Match). */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Context } from "hono";
import { insertRow, selectOne, updateRows } from "../db.ts";
import { HttpError } from "../errors.ts";
import { createValues, type InputParsers, jsonBody, patchValues, putValues } from "../input.ts";
import type { ResourceModel } from "../model.ts";
import { authorize } from "../security.ts";
import {
  etagHeaders,
  keyCondition,
  keySegment,
  keyWhere,
  notFound,
  onlyActive,
  outputRows,
  type ResourceState,
} from "../state.ts";
import { timestamp } from "../timestamps.ts";
import type { AuthUser } from "../types.ts";

type Row = Record<string, unknown>;

function userId(user: AuthUser | undefined): string | null {
  return user ? String(user.id) : null;
}

/** Audit columns written on every update (also by soft delete and restore). */
export function auditOnUpdate(model: ResourceModel, user: AuthUser | undefined): Row {
  if (!model.audit) return {};
  const set: Row = { updatedAt: timestamp(model, "updatedAt", new Date()), updatedBy: userId(user) };
  const version = model.fieldsByName.get("version");
  if (model.audit.version && version) set.version = sql`${version.column} + 1`;
  return set;
}

export function auditOnCreate(model: ResourceModel, user: AuthUser | undefined): Row {
  const values: Row = model.softDelete ? { deleted: false, deletedAt: null } : {};
  if (!model.audit) return values;
  const now = new Date();
  Object.assign(values, {
    createdAt: timestamp(model, "createdAt", now),
    updatedAt: timestamp(model, "updatedAt", now),
    createdBy: userId(user),
    updatedBy: userId(user),
  });
  if (model.audit.version) values.version = 0;
  return values;
}

async function outputOf(
  state: ResourceState,
  c: Context,
  row: Row,
  status: 200 | 201,
  headers: Record<string, string>,
) {
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, status, { ...headers, ...etagHeaders(state.model, row) });
}

export async function createRow(state: ResourceState, c: Context): Promise<Response> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const values = createValues(state.parsers, await jsonBody(c.req));
  Object.assign(values, auditOnCreate(model, user));
  const key = await insertRow(settings.db, model, state.selections, values);
  const row = await selectOne(settings.db, model, state.selections, keyWhere(model, key));
  if (!row) throw new Error("inserted row not found");
  const location = `${c.req.path.replace(/\/$/, "")}/${keySegment(model, key)}`;
  return outputOf(state, c, row, 201, { Location: location });
}

const preconditionFailed = () => new HttpError(412, "Precondition failed: If-Match does not match the current ETag");

export interface VersionGuard {
  readonly conditions: SQL[];
  /** The If-Match version, to tell 412 (If-Match) from 409 (stale version in the body). */
  readonly ifMatch: number | undefined;
}

/** Conditions for optimistic locking: `version` in the body (409 if stale) and `If-Match: "<version>"` (412). */
export function versionGuard(model: ResourceModel, c: Context, body: Row): VersionGuard {
  const field = model.fieldsByName.get("version");
  if (!model.audit?.version || !field) return { conditions: [], ifMatch: undefined };
  const conditions: SQL[] = [];
  const expected = body.version;
  if (expected !== undefined && expected !== null) {
    if (!Number.isSafeInteger(expected)) {
      throw new HttpError(400, "Validation failed", [
        {
          field: "version",
          message: "must be an integer",
          rejectedValue: expected,
          code: "Type",
          validationGroup: "Update",
        },
      ]);
    }
    conditions.push(eq(field.column, expected));
  }
  const header = c.req.header("if-match")?.trim();
  let ifMatch: number | undefined;
  if (header && header !== "*") {
    const match = /^"(\d{1,15})"$/.exec(header);
    if (!match) throw preconditionFailed();
    ifMatch = Number(match[1]);
    conditions.push(eq(field.column, ifMatch));
  }
  return { conditions, ifMatch };
}

async function updateRow(
  state: ResourceState,
  c: Context,
  read: (parsers: InputParsers, body: Row) => Row,
): Promise<Response> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = keyCondition(state, c.req.path, 0);
  const body = await jsonBody(c.req);
  const set = read(state.parsers, body);
  const guard = versionGuard(model, c, body);
  Object.assign(set, auditOnUpdate(model, user));
  const target = onlyActive(state, where);
  const changed =
    Object.keys(set).length === 0 ||
    (await updateRows(settings.db, model, state.selections, set, and(target, ...guard.conditions) as SQL)) > 0;
  const row = await selectOne(settings.db, model, state.selections, target);
  if (!row) throw notFound(model, id);
  // No matched row although it exists: a version condition failed. (Without conditions a 0 can only mean "no value
  // changed", which MySQL reports when the connection lacks the FOUND_ROWS flag.)
  if (!changed && guard.conditions.length > 0) {
    if (guard.ifMatch !== undefined && row.version !== guard.ifMatch) {
      throw preconditionFailed();
    }
    throw new HttpError(409, `${model.name} was modified by someone else (stale version)`);
  }
  return outputOf(state, c, row, 200, {});
}

export function putRow(state: ResourceState, c: Context): Promise<Response> {
  return updateRow(state, c, putValues);
}

export function patchRow(state: ResourceState, c: Context): Promise<Response> {
  return updateRow(state, c, patchValues);
}
