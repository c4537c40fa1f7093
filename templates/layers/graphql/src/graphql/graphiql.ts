import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";

/**
 * The page's Content-Security-Policy, per directive: everything from the service itself. GraphiQL's page inlines its
 * scripts and styles and starts its editor workers from blob: URLs; it may talk to no other host, nor be framed.
 */
const directives: Record<string, string> = {
  "default-src": "'self'",
  "script-src": "'self' 'unsafe-inline' blob:",
  "worker-src": "'self' blob:",
  "style-src": "'self' 'unsafe-inline'",
  "img-src": "'self' data: blob:",
  "font-src": "'self' data:",
  "connect-src": "'self'",
  "base-uri": "'none'",
  "form-action": "'none'",
  "frame-ancestors": "'none'",
};
const pagePolicy = Object.entries(directives)
  .map(([directive, sources]) => `${directive} ${sources}`)
  .join("; ");

interface Page {
  html: string;
  gzipped: Uint8Array;
  etag: string;
}

/**
 * GraphiQL, rendered by @graphql-yoga/render-graphiql with every script, style and worker inlined (about 9 MB of
 * HTML, no CDN). It is built once, on the first request (the import is lazy: a service whose playground is never
 * opened does not load it), and sent gzip-compressed (about 2.4 MB) with an ETag, so a browser fetches it once per
 * version of the service.
 */
export function graphiqlPage({ endpoint, title }: { endpoint: string; title: string }) {
  let page: Promise<Page> | undefined;
  const build = async (): Promise<Page> => {
    const { renderGraphiQL } = await import("@graphql-yoga/render-graphiql");
    const html = renderGraphiQL({ endpoint, title: `${title} GraphiQL` });
    const etag = `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
    return { html, gzipped: gzipSync(html, { level: 9 }), etag };
  };
  return async (c: Context): Promise<Response> => {
    page ??= build();
    const { html, gzipped, etag } = await page;
    const headers: Record<string, string> = {
      "content-security-policy": pagePolicy,
      "cache-control": "public, max-age=3600, must-revalidate",
      etag,
      vary: "accept-encoding",
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return c.html(html, 200, headers);
    return c.body(gzipped as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-encoding": "gzip",
    });
  };
}
