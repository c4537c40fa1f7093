import type { ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "../response-header.ts";

/**
 * Set on every answer unless its handler set the header itself (the API reference page and its assets set their own
 * Cache-Control and Content-Security-Policy). One rule on every runtime: on Node.js the handler's headers win anyway.
 */
const defaults = {
  // Browsers take a JSON answer for what it says it is, never for HTML or script.
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
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
  const entries = Object.entries(defaults);
  return async (c, next) => {
    const outgoing = nodeAnswer(c.env);
    if (outgoing) {
      for (const [name, value] of entries) outgoing.setHeader(name, value);
      return next();
    }
    await next();
    for (const [name, value] of entries) {
      if (!c.res.headers.has(name)) setResponseHeader(c, name, value);
    }
  };
}
