/**
 * Deleting a row (REST DELETE, GraphQL `delete<Type>`): soft-delete resources set `deleted`/`deletedAt` on an active
 * row unless `permanent` is asked for, which removes the row (active or soft-deleted); other resources remove it.
 */
import type { Context } from "hono";
import { deleteRows, updateRows } from "../db.ts";
import { authorize } from "../security.ts";
import { notFound, onlyActive, type ResourceState, type RowKey } from "../state.ts";
import { timestamp } from "../timestamps.ts";
import { auditOnUpdate } from "./audit.ts";

export interface Deleted {
  readonly id: string;
  /** Whether the row is gone for good (always on resources without soft delete). */
  readonly permanent: boolean;
}

/** 404 when no row (no active row, for a soft delete) has the key. */
export async function deleteOne(
  state: ResourceState,
  c: Context,
  key: () => RowKey,
  permanentAsked: boolean,
): Promise<Deleted> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = key();
  const permanent = !model.softDelete || permanentAsked;
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
  return { id, permanent };
}
