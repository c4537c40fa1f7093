/** Restoring a soft-deleted row (REST POST <path>/{id}/restore, GraphQL `restore<Type>`). */
import type { Context } from "hono";
import { selectOne, updateRows } from "../db.ts";
import { authorize } from "../security.ts";
import { notFound, type ResourceState, type RowKey } from "../state.ts";
import { auditOnUpdate } from "./audit.ts";

type Row = Record<string, unknown>;

/** The row, active again (restoring an active row only touches its audit columns); 404 when no row has the key. */
export async function restoreOne(state: ResourceState, c: Context, key: () => RowKey): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = key();
  const set = { deleted: false, deletedAt: null, ...auditOnUpdate(model, user) };
  await updateRows(settings.db, model, state.selections, set, where);
  const row = await selectOne(settings.db, model, state.selections, where);
  if (!row) throw notFound(model, id);
  return row;
}
