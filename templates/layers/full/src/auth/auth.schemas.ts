import { z } from "@hono/zod-openapi";
import { emailSchema } from "../platform/http/params.ts";

const PASSWORD_MIN_LENGTH = 8;
/** bcrypt ignores everything after 72 bytes, so longer passwords are refused rather than silently truncated. */
const PASSWORD_MAX_BYTES = 72;

const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;
const TOO_LONG = `must be at most ${PASSWORD_MAX_BYTES} bytes in UTF-8`;

export const credentialsSchema = z
  .strictObject({
    email: emailSchema,
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH)
      // Over 72 characters is over 72 bytes: one message, and the byte count of a long string is never taken.
      .max(PASSWORD_MAX_BYTES, { error: TOO_LONG, abort: true })
      .refine((value) => utf8Bytes(value) <= PASSWORD_MAX_BYTES, TOO_LONG)
      .openapi({ example: "correct horse battery staple" }),
  })
  .openapi("Credentials");

export const refreshRequestSchema = z.strictObject({ refresh_token: z.string().min(1) }).openapi("RefreshRequest");

/** Answer of register, login and refresh (refresh rotates: it returns a new refresh token, the old one is revoked). */
export const tokenPairSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int().openapi({ example: 900 }),
  })
  .openapi("TokenPair");
