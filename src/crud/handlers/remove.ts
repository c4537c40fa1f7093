/** DELETE <path>/{id} (soft or permanent) and POST <path>/{id}/restore: the HTTP framing of operations/. */
import type { Context } from "hono";
import { deleteOne } from "../operations/remove.ts";
import { restoreOne } from "../operations/restore.ts";
import { etagHeaders, keyCondition, outputRows, type ResourceState } from "../state.ts";

/** `?permanent=true` removes a soft-delete resource's row. Answers 204, or 200 with JSON when `deleteResponse` is JSON. */
export async function deleteRow(state: ResourceState, c: Context): Promise<Response> {
  const key = () => keyCondition(state, c.req.path, 0);
  const { id, permanent } = await deleteOne(state, c, key, c.req.query("permanent") === "true");
  const { model } = state;
  if (model.deleteResponse === "JSON") return c.json({ message: `${model.name} deleted`, id, permanent }, 200);
  return c.body(null, 204);
}

/** Makes a soft-deleted row active again (200 with the row; 404 when no row has this id). */
export async function restoreRow(state: ResourceState, c: Context): Promise<Response> {
  const row = await restoreOne(state, c, () => keyCondition(state, c.req.path, 1));
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, 200, etagHeaders(state.model, row));
}
