import { z } from "@hono/zod-openapi";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../email.ts";

/** The largest id a 32-bit integer column holds (every database of the templates). */
const MAX_ID = 2_147_483_647;

/** `/{id}`: a positive integer id in the path. */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, "must be a positive integer")
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_ID))
    .openapi({ param: { name: "id", in: "path" }, type: "integer", example: 1 }),
});

/**
 * A query value of plain decimal digits as a number; anything else is left for the number check to refuse. Unlike
 * `z.coerce` it does not turn a missing value (null) into 0, so the document says `integer`, not `integer | null`.
 */
const decimal = (value: unknown) => (typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : value);

/** Paging of a list: `limit` 1-100 (default 50), `offset` from 0. */
export const listQuery = z.object({
  limit: z
    .preprocess(decimal, z.number().int().min(1).max(100))
    .default(50)
    .openapi({ param: { name: "limit", in: "query" } }),
  offset: z
    .preprocess(decimal, z.number().int().min(0))
    .default(0)
    .openapi({ param: { name: "offset", in: "query" } }),
});

/** Trimmed and lower-cased before it is checked, so ` Ada@Example.com ` is accepted as ada@example.com. */
export const emailSchema = z
  .string()
  .overwrite(normalizeEmail)
  .check(z.email(), z.maxLength(EMAIL_MAX_LENGTH))
  .openapi({ example: "ada@example.com" });
