/** Small request helper over `app.request` (no socket): status, parsed JSON body, headers. */
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
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  const response = await app.request(path, init);
  const text = await response.text();
  const json = response.headers.get("content-type")?.includes("json");
  return {
    status: response.status,
    body: text && json ? JSON.parse(text) : text || undefined,
    headers: response.headers,
  };
}
