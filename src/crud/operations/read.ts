/** Reading one row (REST GET <path>/{id}, GraphQL `<entity>(id)`): read access, active rows only. */
import type { Context } from "hono";
import { oneQuery } from "../db.ts";
import { authorize } from "../security.ts";
import { keyWhere, notFound, onlyActive, type ResourceState, type RowKey } from "../state.ts";
import { prepared, slot, slotValues } from "../statements.ts";

type Row = Record<string, unknown>;

/** The active row with the key; 404 when there is none. `key` is parsed after the access check (it may throw 404). */
export async function findOne(state: ResourceState, c: Context, key: () => RowKey): Promise<Row> {
  const { model, settings } = state;
  await authorize(c, model.read, settings.auth);
  const { values, id } = key();
  const statement = prepared(settings.db, model, "one", () => {
    const slots = Object.fromEntries(model.primaryKey.map((field, i) => [field.name, slot(i, field.column)]));
    return oneQuery(settings.db, model, state.selections, onlyActive(state, keyWhere(model, slots)));
  });
  const [row] = (await statement.execute(slotValues(values))) as Row[];
  if (!row) throw notFound(model, id);
  return row;
}
