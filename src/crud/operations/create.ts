/** Creating a row (REST POST, GraphQL `create<Type>`): write access, input rules, audit columns; the new row. */
import type { Context } from "hono";
import { insertRow, selectOne } from "../db.ts";
import { createValues } from "../input.ts";
import { authorize } from "../security.ts";
import { keyWhere, type ResourceState } from "../state.ts";
import { auditOnCreate } from "./audit.ts";

type Row = Record<string, unknown>;

/** `body` is read after the access check, so an anonymous caller gets 401 whatever it sent. */
export async function createOne(state: ResourceState, c: Context, body: () => Promise<Row> | Row): Promise<Row> {
  const { model, settings } = state;
  const user = await authorize(c, model.write, settings.auth, model.audit !== null);
  const values = createValues(state.parsers, await body());
  Object.assign(values, auditOnCreate(model, user));
  const key = await insertRow(settings.db, model, state.selections, values);
  const row = await selectOne(settings.db, model, state.selections, keyWhere(model, key));
  if (!row) throw new Error("inserted row not found");
  return row;
}
