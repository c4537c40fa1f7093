/**
 * GraphiQL at `/graphiql`: the page of @graphql-yoga/render-graphiql, whose scripts, styles and workers are inlined
 * from node_modules, so the browser fetches nothing from another host (the CSP header enforces it). The 9 MB bundle
 * is imported on the first request only.
 */
import type { Context } from "hono";

const policy = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
].join("; ");

export function graphiqlHandler(endpoint: string): (c: Context) => Promise<Response> {
  let page: Promise<string> | undefined;
  return async (c) => {
    page ??= import("@graphql-yoga/render-graphiql").then(({ renderGraphiQL }) =>
      renderGraphiQL({ endpoint, title: "GraphiQL" }),
    );
    return c.html(await page, 200, { "content-security-policy": policy });
  };
}
