/**
 * Replacing or patching a row (REST PUT/PATCH, GraphQL `update<Type>`/`patch<Type>`): write access, input rules, audit
 * columns and optimistic locking (`version` in the body: 409 when stale; an If-Match header: 412). Only REST has
 * headers, so GraphQL passes no If-Match and its `version` argument as the body's `version`.
 */
import { and, eq, type SQL } from "drizzle-orm";
import type { Context } from "hono";
import { selectOne, updateRows } from "../db.ts";
import { HttpError } from "../errors.ts";
import type { InputParsers } from "../input.ts";
import type { ResourceModel } from "../model.ts";
import { authorize } from "../security.ts";
import { notFound, onlyActive, type ResourceState, type RowKey } from "../state.ts";
import { auditOnUpdate } from "./audit.ts";

type Row = Record<string, unknown>;

const preconditionFailed = () => new HttpError(412, "Precondition failed: If-Match does not match the current ETag");

interface VersionGuard {
  readonly conditions: SQL[];
  /** The If-Match version, to tell 412 (If-Match) from 409 (stale version in the body). */
  readonly ifMatch: number | undefined;
}

/** Conditions for optimistic locking: `version` in the body (409 if stale) and `If-Match: "<version>"` (412). */
function versionGuard(model: ResourceModel, body: Row, header: string | undefined): VersionGuard {
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
  const ifMatch = header?.trim();
  if (!ifMatch || ifMatch === "*") return { conditions, ifMatch: undefined };
  const match = /^"(\d{1,15})"$/.exec(ifMatch);
  if (!match) throw preconditionFailed();
  conditions.push(eq(field.column, Number(match[1])));
  return { conditions, ifMatch: Number(match[1]) };
}

export interface UpdateRequest {
  /** The addressed row (parsing may throw 404); asked after the access check. */
  readonly key: () => RowKey;
  /** The request body; read after the key. */
  readonly body: () => Promise<Row> | Row;
  /** The If-Match header, when the protocol has one. */
  readonly ifMatch: string | undefined;
  /** putValues (every writable field) or patchValues (the given ones). */
  readonly values: (parsers: InputParsers, body: Row) => Row;
}

/** The updated row; 404 when no active row has the key, 409/412 when a version condition failed. */
export async function updateOne(state: ResourceState, c: Context, request: UpdateRequest): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = request.key();
  const body = await request.body();
  const set = request.values(state.parsers, body);
  const guard = versionGuard(model, body, request.ifMatch);
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
    if (guard.ifMatch !== undefined && row.version !== guard.ifMatch) throw preconditionFailed();
    throw new HttpError(409, `${model.name} was modified by someone else (stale version)`);
  }
  return row;
}
