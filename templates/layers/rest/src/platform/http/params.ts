import { z } from "@hono/zod-openapi";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../email.ts";

/** The range of a 32-bit integer column (ids and integer fields, in every database of the templates). */
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * An integer a 32-bit column holds. Not `z.int32()`: it checks the same range, but the document would call it a plain
 * number, and clients would type it so.
 */
export const int32 = () => z.number().int().min(INT32_MIN).max(INT32_MAX);

/**
 * A path or query value of plain decimal digits (a sign allowed) as a number; anything else is left for the number
 * check to refuse. Unlike `z.coerce` it does not turn a missing value (null) into 0, so the document says `integer`,
 * not `integer | null`.
 */
const decimal = (value: unknown) => (typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : value);

/**
 * A path or query integer from `min` to `max`; every way of missing the range (`0`, `-1`, `1.5`, `abc`, a number past
 * the 32-bit column's) gets the one message that states it.
 */
function integerParam(min: number, max: number) {
  const error = `must be an integer from ${min} to ${max}`;
  return z.preprocess(decimal, z.number({ error }).int({ error }).min(min, { error }).max(max, { error }));
}

/** `/{id}`: an id in the path, from 1 to the largest a 32-bit column holds. */
export const idParams = z.object({
  id: integerParam(1, INT32_MAX).openapi({ param: { name: "id", in: "path" }, example: 1 }),
});

/**
 * Paging of a list: `limit` 1-100 (default 50), `offset` from 0 (no table holds more rows than its ids count). Strict like the request bodies: a parameter the route
 * does not list (a typo, `include` where there is none) is a 400 naming it, never silently ignored.
 */
export const listQuery = z.strictObject({
  limit: integerParam(1, 100)
    .default(50)
    .openapi({ param: { name: "limit", in: "query" } }),
  offset: integerParam(0, INT32_MAX)
    .default(0)
    .openapi({ param: { name: "offset", in: "query" } }),
});

/** The query of a route that takes no parameter: any one is a 400 naming it. */
export const noQuery = z.strictObject({});

/**
 * Trimmed and lower-cased before it is checked, so ` Ada@Example.com ` is accepted as ada@example.com. The check is
 * zod's, stricter than JSON Schema's `format: email` (the domain ends in two letters or more): the document states it
 * as a `pattern` so that a client can apply the same one.
 */
export const emailSchema = z
  .string()
  .overwrite(normalizeEmail)
  .check(z.email(), z.maxLength(EMAIL_MAX_LENGTH))
  .openapi({ pattern: z.regexes.email.source, example: "ada@example.com" });
