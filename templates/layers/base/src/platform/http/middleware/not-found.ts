import type { NotFoundHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import type { RouterRoute } from "hono/types";
import type { AppEnv } from "../app-env.ts";
import { errorBody } from "../envelope.ts";

/**
 * For a request no route answers: 405 METHOD_NOT_ALLOWED with `Allow` when its path has routes for other methods,
 * else 404 NOT_FOUND. `routes` is the app's route list once every route is registered; middleware (method ALL) does
 * not make a path known.
 */
export function notFoundHandler(routes: RouterRoute[]): NotFoundHandler<AppEnv> {
  const methodsByPath = new TrieRouter<string>();
  for (const { method, path } of routes) {
    if (method !== "ALL") methodsByPath.add("ALL", path, method);
  }
  return (c) => {
    const [matches] = methodsByPath.match(c.req.method, c.req.path);
    const methods = new Set(matches.flatMap(([method]) => (method === "GET" ? ["GET", "HEAD"] : [method])));
    if (methods.size === 0) return c.json(errorBody("NOT_FOUND", `No route for ${c.req.method} ${c.req.path}`), 404);
    const allow = [...methods].join(", ");
    const message = `${c.req.method} is not allowed on ${c.req.path} (allowed: ${allow})`;
    return c.json(errorBody("METHOD_NOT_ALLOWED", message), 405, { Allow: allow });
  };
}
