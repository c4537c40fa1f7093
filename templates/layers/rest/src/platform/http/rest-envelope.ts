import { z } from "@hono/zod-openapi";
import { errorSchema } from "./envelope.ts";

// The REST templates' envelope beside base's error body: success bodies and the documented error answers.

/** `{ status: "success", data }`: the body of every successful answer except DELETE. */
export const successSchema = <T extends z.ZodType>(data: T) => z.object({ status: z.literal("success"), data });

export const success = <T>(data: T) => ({ status: "success" as const, data });

/** DELETE answers carry a message instead of data. */
export const messageSchema = z.object({ status: z.literal("success"), message: z.string() });

/**
 * NOT_FOUND, the one answer kept in `components.responses` (client generators type it once): a record the request
 * names by id (in its path or body) does not exist, and it is the answer to a path no route has, too.
 */
export const notFoundResponse = {
  description: "Not found (NOT_FOUND): no record has the id the request names, or no route has this path",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};
const notFound = { $ref: "#/components/responses/NotFound" };

/**
 * OpenAPI `responses` entries for the error answers a route can give, and the 503 of every route that uses the
 * database (all that document their errors with this) while the database does not answer or the service is busy.
 */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429>) {
  const descriptions = {
    400: "Invalid input",
    401: "Missing or invalid credentials",
    403: "Not allowed for this user",
    409: "Conflict",
    413: "Request body too large",
    415: "Request body is not JSON",
    429: "Too many attempts: wait the Retry-After header's seconds",
    503: "The database is not answering (SERVICE_UNAVAILABLE), or the service is busy (SERVICE_BUSY, with Retry-After): retry later",
  };
  const retryAfter = {
    "Retry-After": {
      description: "With SERVICE_BUSY: seconds to wait before trying again",
      schema: { type: "integer" as const },
    },
  };
  return Object.fromEntries(
    [...statuses, 503 as const].map((status) => [
      status,
      status === 404
        ? notFound
        : {
            description: descriptions[status],
            ...(status === 503 ? { headers: retryAfter } : {}),
            content: { "application/json": { schema: errorSchema } },
          },
    ]),
  );
}
