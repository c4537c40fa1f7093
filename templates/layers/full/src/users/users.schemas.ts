import { z } from "@hono/zod-openapi";
import { emailSchema } from "../platform/http/params.ts";
import type { User } from "./user.ts";

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

export const updateUserSchema = z.strictObject({ email: emailSchema }).openapi("UpdateUser");
