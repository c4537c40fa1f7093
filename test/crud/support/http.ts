/**
 * Small request helper over `app.request` (no socket): status, parsed JSON body, headers. A body is sent as
 * `application/json` unless `headers` names another content type.
 */
import type { Hono } from "hono";

export interface Reply {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  readonly body: any;
  readonly headers: Headers;
}

export async function call(
  app: Hono,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const init: RequestInit = { method, headers: { "content-type": "application/json", ...headers } };
  if (body !== undefined) init.body = typeof body === "string" ? body : JSON.stringify(body);
  else init.headers = headers;
  const response = await app.request(path, init);
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  return {
    status: response.status,
    body: text && json ? JSON.parse(text) : text || undefined,
    headers: response.headers,
  };
}
