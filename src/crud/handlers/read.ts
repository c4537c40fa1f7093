/** GET <path> (page of rows) and GET <path>/{id}: the HTTP framing of operations/list.ts and operations/read.ts. */
import type { Context } from "hono";
import { readPage } from "../operations/list.ts";
import { findOne } from "../operations/read.ts";
import { pageObject } from "../paging.ts";
import { etagHeaders, keyCondition, outputRows, type ResourceState } from "../state.ts";

export async function listRows(state: ResourceState, c: Context): Promise<Response> {
  const { settings } = state;
  const params = new URL(c.req.url).searchParams;
  const { pageParam, sizeParam } = settings.paging;
  const names = { page: pageParam, size: sizeParam };
  const asked = { page: params.get(pageParam), size: params.get(sizeParam), names, params, withTotal: true };
  const page = await readPage(state, c, asked);
  const { rows, request } = page;
  // The total mostly comes with the page; when a COUNT must run (see `ReadPage.total`), it runs beside the relations.
  const [total, content] = await Promise.all([page.total(), outputRows(state, c, rows)]);
  return c.json(pageObject(content, request, total, page.sorted), 200, { "X-Total-Count": String(total) });
}

export async function getRow(state: ResourceState, c: Context): Promise<Response> {
  const row = await findOne(state, c, () => keyCondition(state, c.req.path, 0));
  const [output] = await outputRows(state, c, [row]);
  return c.json(output, 200, etagHeaders(state.model, row));
}
