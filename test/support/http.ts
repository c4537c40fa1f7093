/** A small JSON client for black-box HTTP tests: every answer is kept whole (status, headers, raw text, JSON). */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  /** Milliseconds from sending the request to having read the whole body. */
  ms: number;
}

export interface HttpRequest {
  /** A value to send as JSON, or a string sent as-is with `content-type: application/json`. */
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function http(baseUrl: string, method: string, path: string, request: HttpRequest = {}) {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof request.body === "string" ? request.body : JSON.stringify(request.body);
  }
  const started = performance.now();
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(request.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json, ms } satisfies HttpAnswer;
}

/** Polls `url` until it answers 200, or throws after `timeoutMs` (or as soon as `stillAlive()` says no). */
export async function waitForOk(url: string, timeoutMs: number, stillAlive: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (!stillAlive()) throw new Error(`process exited before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String(error);
    }
    await Bun.sleep(150);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}
