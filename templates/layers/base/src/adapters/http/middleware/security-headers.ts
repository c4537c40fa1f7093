import type { ServerResponse } from "node:http";
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

/** @hono/node-server hands each request's Node.js answer to the app as `c.env.outgoing`. */
function nodeAnswer(env: unknown): ServerResponse | undefined {
  const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return typeof outgoing?.setHeader === "function" ? outgoing : undefined;
}

/**
 * The security headers of every answer it runs for (see app.ts for the health answers, which it skips). On Node.js
 * they go on the Node.js answer before the handler runs, where the handler's own headers take precedence when
 * @hono/node-server writes them: setting them on Hono's finished answer makes a `Headers` object of every answer,
 * ~12 µs of CPU per request there. Bun and Deno answers take them on the finished answer.
 */
export function securityHeaders(): MiddlewareHandler {
  const alwaysEntries = Object.entries(always);
  const defaultEntries = Object.entries(defaults);
  const allEntries = [...alwaysEntries, ...defaultEntries];
  return async (c, next) => {
    const outgoing = nodeAnswer(c.env);
    if (outgoing) {
      for (const [name, value] of allEntries) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of alwaysEntries) setResponseHeader(c, name, value);
    for (const [name, value] of defaultEntries) {
      if (!c.res.headers.has(name)) setResponseHeader(c, name, value);
    }
  };
}
