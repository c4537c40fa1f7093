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

/**
 * The GraphiQL page, posting to the GraphQL endpoint beside it: where the host mounts the app under a prefix
 * (`app.route("/v1", graphql.app)`), `/v1/graphiql` talks to `/v1/graphql`.
 */
export function graphiqlHandler(graphiqlPath: string, endpoint: string): (c: Context) => Promise<Response> {
  const pages = new Map<string, Promise<string>>();
  return async (c) => {
    const url = c.req.path.slice(0, c.req.path.length - graphiqlPath.length) + endpoint;
    let page = pages.get(url);
    if (!page) {
      page = import("@graphql-yoga/render-graphiql").then(({ renderGraphiQL }) =>
        renderGraphiQL({ endpoint: url, title: "GraphiQL" }),
      );
      pages.set(url, page);
    }
    return c.html(await page, 200, { "content-security-policy": policy });
  };
}
