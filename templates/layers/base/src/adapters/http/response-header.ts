import type { Context } from "hono";

/**
 * `res` with the header set: in place, or on a copy when its headers are immutable (`Response.redirect`, a proxied
 * `fetch`).
 */
export function withResponseHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}

/**
 * Sets a header on the finished answer (after `next()`). Setting it on the context before the handler instead makes
 * Hono build a `Headers` object for every answer.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  const res = withResponseHeader(c.res, name, value);
  // Hono copies an answer given to `c.res` once more: only a copy is given back.
  if (res !== c.res) c.res = res;
}
