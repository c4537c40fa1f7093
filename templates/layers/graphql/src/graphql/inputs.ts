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

/** A positive 32-bit id (every database stores ids in a 32-bit integer column), e.g. a reference in an input. */
export const positiveId = z
  .string()
  .regex(/^\d{1,10}$/, "must be a positive integer")
  .transform(Number)
  .pipe(z.int().min(1).max(2_147_483_647));

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
