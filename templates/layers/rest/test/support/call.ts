// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
export type Json = any;

/** What `call` needs of an app: Hono's `app.request()`. */
export interface RequestableApp {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** One JSON request through `app.request()` (no socket): a body is sent as JSON, a token as a bearer token. */
export async function call(app: RequestableApp, method: string, path: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Json };
}
