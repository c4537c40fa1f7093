import { z } from "@hono/zod-openapi";
import { emailSchema } from "../platform/http/params.ts";
import { NAME_MAX_LENGTH, type User } from "./user.ts";

const timestamp = z.iso.datetime().openapi({ example: "2025-01-01T12:00:00.000Z" });

export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("User");

export const toUserBody = (user: User): z.infer<typeof userSchema> => ({
  id: user.id,
  email: user.email,
  name: user.name,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});

/** Body of POST and PUT: the e-mail and, optionally, a name (left out or null: no name); any other key is a 400. */
export const userInputSchema = z
  .strictObject({
    email: emailSchema,
    name: z.string().max(NAME_MAX_LENGTH).nullable().optional().openapi({ example: "Ada Lovelace" }),
  })
  .openapi("UserInput");
