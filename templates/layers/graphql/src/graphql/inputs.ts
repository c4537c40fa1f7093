import { z } from "zod";
import { DomainError } from "../platform/errors.ts";

/**
 * The checks GraphQL's types cannot express (ids, pages; each resource's resolvers check their inputs), in zod. A
 * failure is a VALIDATION_ERROR listing every offending argument, which the error masker answers as BAD_USER_INPUT.
 */
const page = z.object({
  limit: z.int().min(1).max(100),
  offset: z.int().min(0),
});

const ID_ERROR = "must be an integer from 1 to 2147483647";

/**
 * A positive 32-bit id (every database stores ids in a 32-bit integer column), e.g. a reference in an input: one
 * message for every way of missing the range (`0`, `-1`, `abc`, `2147483648`).
 */
export const positiveId = z
  .string()
  .regex(/^\d{1,10}$/, ID_ERROR)
  .transform(Number)
  .pipe(z.int({ error: ID_ERROR }).min(1, { error: ID_ERROR }).max(2_147_483_647, { error: ID_ERROR }));

/** `value` checked by `schema`; a VALIDATION_ERROR naming each bad field under `prefix` otherwise. */
export function valid<T>(schema: z.ZodType<T>, value: unknown, prefix: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    field: [prefix, ...issue.path].filter((part) => part !== "").join("."),
    message: issue.message,
  }));
  throw new DomainError("VALIDATION_ERROR", "Invalid input", fields);
}

export const validPage = (args: { limit: number; offset: number }) => valid(page, args, "");
export const validId = (value: string): number => valid(positiveId, value, "id");
