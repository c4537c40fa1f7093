import type { Context } from "hono";

/**
 * Sets a header on the finished answer (after `next()`). Setting it on the context before the handler instead makes
 * Hono build a `Headers` object for every answer. An answer with immutable headers (`Response.redirect`, a proxied
 * `fetch`) is copied by `c.header`.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
