/** GET <path> (page of rows) and GET <path>/{id}: the HTTP framing of operations/list.ts and operations/read.ts. */
import type { Context } from "hono";
import { readPage } from "../operations/list.ts";
import { findOne } from "../operations/read.ts";
import { knownTotal, pageObject } from "../paging.ts";
import { etagHeaders, keyCondition, outputRows, type ResourceState } from "../state.ts";

export async function listRows(state: ResourceState, c: Context): Promise<Response> {
  const { settings } = state;
  const params = new URL(c.req.url).searchParams;
  const { pageParam, sizeParam } = settings.paging;
  const names = { page: pageParam, size: sizeParam };
  const page = await readPage(state, c, { page: params.get(pageParam), size: params.get(sizeParam), names, params });
  const { rows, request } = page;
  // The COUNT (when the page does not tell the total) and the related rows in flight together: one wait, not two.
  const [total, content] = await Promise.all([
    knownTotal(request, rows.length) ?? page.count(),
    outputRows(state, c, rows),
  ]);
  return c.json(pageObject(content, request, total, page.sorted), 200, { "X-Total-Count": String(total) });
}

export async function getRow(state: ResourceState, c: Context): Promise<Response> {
  const row = await findOne(state, c, () => keyCondition(state, c.req.path, 0));
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, 200, etagHeaders(state.model, row));
}
