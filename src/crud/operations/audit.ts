/** Audit columns (`createdAt`/`createdBy`/`updatedAt`/`updatedBy`/`version`) a write sets, for REST and GraphQL. */
import { sql } from "drizzle-orm";
import type { ResourceModel } from "../model.ts";
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
