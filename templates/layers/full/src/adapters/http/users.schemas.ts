import { z } from "@hono/zod-openapi";
import type { User } from "../../domain/user.ts";
import { emailSchema } from "./auth.schemas.ts";

const MAX_ID = 2_147_483_647;

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    created_at: z.iso.datetime().openapi({ example: "2025-01-01T12:00:00.000Z" }),
    updated_at: z.iso.datetime().openapi({ example: "2025-01-01T12:00:00.000Z" }),
  })
  .openapi("User");

export const toUserBody = (user: User): z.infer<typeof userSchema> => ({
  id: user.id,
  email: user.email,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});

export const userIdParams = z.object({
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

export const updateUserSchema = z.object({ email: emailSchema }).openapi("UpdateUser");
