/**
 * Unknown paths under the base path answer the library's JSON 404 instead of Hono's plain text. `crud()` registers
 * this handler last, so every route it serves answers first. Routes the host registers after mounting crud run before
 * it answers: their answer stands, unless it is Hono's own plain-text 404 (nothing answered), which is replaced.
 */
import type { Context, Next } from "hono";
import { matchedRoutes } from "hono/route";
import { errorResponse, HttpError } from "./errors.ts";

/** Hono's default answer when no handler responded: `404 Not Found` as text/plain. */
async function honoNotFound(response: Response): Promise<boolean> {
  if (response.status !== 404 || !response.headers.get("content-type")?.startsWith("text/plain")) return false;
  return (await response.clone().text()) === "404 Not Found";
}

const unknownPath = (c: Context) => errorResponse(c, new HttpError(404, `No resource at ${c.req.path}`));

export async function notFoundUnderBasePath(c: Context, next: Next): Promise<Response | undefined> {
  if (c.req.routeIndex === matchedRoutes(c).length - 1) return unknownPath(c);
  await next();
  if (await honoNotFound(c.res)) c.res = unknownPath(c);
  return undefined;
}
