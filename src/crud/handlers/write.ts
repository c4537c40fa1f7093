/** POST <path>, PUT <path>/{id}, PATCH <path>/{id}: the HTTP framing of operations/create.ts and operations/update.ts. */
import type { Context } from "hono";
import { jsonBody, patchValues, putValues } from "../input.ts";
import { createOne } from "../operations/create.ts";
import { type UpdateRequest, updateOne } from "../operations/update.ts";
import { etagHeaders, keyCondition, keySegment, outputRows, type ResourceState } from "../state.ts";

type Row = Record<string, unknown>;

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
  const row = await createOne(state, c, () => jsonBody(c.req));
  const location = `${c.req.path.replace(/\/$/, "")}/${keySegment(state.model, row)}`;
  return outputOf(state, c, row, 201, { Location: location });
}

async function updateRow(state: ResourceState, c: Context, values: UpdateRequest["values"]): Promise<Response> {
  const row = await updateOne(state, c, {
    key: () => keyCondition(state, c.req.path, 0),
    body: () => jsonBody(c.req),
    ifMatch: c.req.header("if-match"),
    values,
  });
  return outputOf(state, c, row, 200, {});
}

export function putRow(state: ResourceState, c: Context): Promise<Response> {
  return updateRow(state, c, putValues);
}

export function patchRow(state: ResourceState, c: Context): Promise<Response> {
  return updateRow(state, c, patchValues);
}
