/** DELETE <path>/{id} (soft or permanent) and POST <path>/{id}/restore. */
import type { Context } from "hono";
import { deleteRows, selectOne, updateRows } from "../db.ts";
import { authorize } from "../security.ts";
import { etagHeaders, keyCondition, notFound, onlyActive, outputRows, type ResourceState } from "../state.ts";
import { timestamp } from "../timestamps.ts";
import { auditOnUpdate } from "./write.ts";

/**
 * Soft-delete resources: sets `deleted` and `deletedAt`; `?permanent=true` removes the row (active or soft-deleted).
 * Other resources: removes the row. Answers 204, or 200 with a JSON confirmation when `deleteResponse` is JSON.
 */
export async function deleteRow(state: ResourceState, c: Context): Promise<Response> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = keyCondition(state, c.req.path, 0);
  const permanent = !model.softDelete || c.req.query("permanent") === "true";
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
  if (model.deleteResponse === "JSON") return c.json({ message: `${model.name} deleted`, id, permanent }, 200);
  return c.body(null, 204);
}

/** Makes a soft-deleted row active again (200 with the row; 404 when no row has this id). */
export async function restoreRow(state: ResourceState, c: Context): Promise<Response> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const { where, id } = keyCondition(state, c.req.path, 1);
  const set = { deleted: false, deletedAt: null, ...auditOnUpdate(model, user) };
  await updateRows(settings.db, model, state.selections, set, where);
  const row = await selectOne(settings.db, model, state.selections, where);
  if (!row) throw notFound(model, id);
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, 200, etagHeaders(model, row));
}
