import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "../response-header.ts";

/** Set on every answer. */
const always = {
  // Browsers take a JSON answer for what it says it is, never for HTML or script.
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
};

/** Set unless the handler chose its own (the API reference page and its assets do). */
const defaults = {
  // Tokens and user data must not stay in a browser's or proxy's cache.
  "Cache-Control": "no-store",
  // An API answer loads nothing and may not be framed (frame-ancestors is X-Frame-Options for current browsers).
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/** The security headers of every answer it runs for (see app.ts for the health answers, which it skips). */
export function securityHeaders(): MiddlewareHandler {
  const alwaysEntries = Object.entries(always);
  const defaultEntries = Object.entries(defaults);
  return async (c, next) => {
    await next();
    for (const [name, value] of alwaysEntries) setResponseHeader(c, name, value);
    for (const [name, value] of defaultEntries) {
      if (!c.res.headers.has(name)) setResponseHeader(c, name, value);
    }
  };
}
