import { z } from "@hono/zod-openapi";
import { errorCodes } from "./envelope.ts";

// The REST templates' envelope beside base's error body: success bodies and the documented error answers.

/** `{ status: "success", data }`: the body of every successful answer except DELETE. */
export const successSchema = <T extends z.ZodType>(data: T) => z.object({ status: z.literal("success"), data });

export const success = <T>(data: T) => ({ status: "success" as const, data });

/** DELETE answers carry a message instead of data. */
export const messageSchema = z.object({ status: z.literal("success"), message: z.string() });

const errorSchema = z
  .object({
    status: z.literal("error"),
    error: z.object({ code: z.enum(errorCodes), message: z.string(), details: z.unknown().optional() }),
  })
  .openapi("Error");

/**
 * OpenAPI `responses` entries for the error answers a route can give, and the 503 of every route that uses the
 * database (all that document their errors with this) while the database does not answer or the service is busy.
 */
export function errorResponses(...statuses: Array<400 | 401 | 403 | 404 | 409 | 413 | 415 | 429>) {
  const descriptions = {
    400: "Invalid input",
    401: "Missing or invalid credentials",
    403: "Not allowed for this user",
    404: "Not found",
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
      {
        description: descriptions[status],
        ...(status === 503 ? { headers: retryAfter } : {}),
        content: { "application/json": { schema: errorSchema } },
      },
    ]),
  );
}

/**
 * The answers to a request no operation takes, which no operation can list (its own method never gets a 405): a path
 * no route has is a 404, a path's other method a 405 with `Allow`. The document carries them as
 * `components.responses`, where client generators type them; both bodies are the `Error` schema.
 */
export const routingResponses = {
  NotFound: {
    description: "No route has this path (NOT_FOUND)",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
  MethodNotAllowed: {
    description: "The path has no route for this method (METHOD_NOT_ALLOWED); `Allow` lists the methods it has",
    headers: {
      Allow: { description: "The path's methods, e.g. `GET, HEAD, PUT, DELETE`", schema: { type: "string" } },
    },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  },
} as const;
