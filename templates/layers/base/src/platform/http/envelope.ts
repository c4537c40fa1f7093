import { z } from "@hono/zod-openapi";

/** Error answers' codes; `errorBody` is `{ status: "error", error }`, the body of every error answer in every template. */
export const errorCodes = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "TOO_MANY_REQUESTS",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
  "SERVICE_BUSY",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The error body as the API documents it (`Error` in an OpenAPI document). */
export const errorSchema = z
  .object({
    status: z.literal("error"),
    error: z.object({ code: z.enum(errorCodes), message: z.string(), details: z.unknown().optional() }),
  })
  .openapi("Error");

export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { status: "error" as const, error: details === undefined ? { code, message } : { code, message, details } };
}
