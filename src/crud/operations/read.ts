/** Reading one row (REST GET <path>/{id}, GraphQL `<entity>(id)`): read access, active rows only. */
import type { Context } from "hono";
import { selectOne } from "../db.ts";
import { authorize } from "../security.ts";
import { notFound, onlyActive, type ResourceState, type RowKey } from "../state.ts";

type Row = Record<string, unknown>;

/** The active row with the key; 404 when there is none. `key` is parsed after the access check (it may throw 404). */
export async function findOne(state: ResourceState, c: Context, key: () => RowKey): Promise<Row> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const { where, id } = key();
  const row = await selectOne(settings.db, model, state.selections, onlyActive(state, where));
  if (!row) throw notFound(model, id);
  return row;
}
