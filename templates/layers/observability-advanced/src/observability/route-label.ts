import type { Context } from "hono";
import { matchedRoutes } from "hono/route";

/** The `route` label of a request that no endpoint answered (unknown path, or a method the path does not have). */
const UNMATCHED_ROUTE = "unmatched";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The `method` label: any other method a client invents shares one value, so it cannot add series. */
export const methodLabel = (method: string): string => (METHODS.has(method) ? method : "OTHER");

/**
 * The `route` label: the template of the endpoint that answered (`/api/v1/users/:id`), never the raw path, so the
 * number of series is bounded by the app's routes whatever paths clients send. Middleware is registered with method
 * ALL; a request only middleware matched reached no endpoint.
 */
export function routeLabel(c: Context): string {
  const endpoint = matchedRoutes(c).findLast((route) => route.method !== "ALL");
  return endpoint?.path ?? UNMATCHED_ROUTE;
}
