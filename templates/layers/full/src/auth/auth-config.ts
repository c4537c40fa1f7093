import { z } from "zod";
import { envInteger } from "../platform/config.ts";
import { normalizeEmail } from "../platform/email.ts";
import { noDevelopmentSecretInProduction } from "./development-secret.ts";

const utf8Length = (value: string) => new TextEncoder().encode(value).length;

/** The settings of authentication (the accounts module), validated with the base settings at start-up. */
export const authConfig = {
  shape: {
    /** HS256 key for access and refresh tokens; the service refuses to start without 32 bytes or more. */
    JWT_SECRET: z
      .string({ error: "is required (at least 32 bytes; setup.sh writes a random one into .env)" })
      .refine((value) => utf8Length(value) >= 32, "must be at least 32 bytes long"),
    /** Lifetime of a refresh token; each use replaces it with a new one (rotation). Default 7 days. */
    REFRESH_TOKEN_TTL_SECONDS: envInteger(1).default(7 * 24 * 3600),
    /** bcrypt cost factor (each +1 doubles the hashing time). */
    BCRYPT_ROUNDS: envInteger(4, 15).default(10),
    /** Administrators, who may change and delete every user: comma-separated e-mails, normalised like every e-mail. */
    ADMIN_EMAILS: z
      .string()
      .default("")
      .transform((list) => list.split(",").map(normalizeEmail).filter(Boolean))
      .pipe(z.array(z.email("must be comma-separated e-mail addresses"))),
    /** Register, login and refresh attempts are counted in fixed windows of this length, shared by all instances. */
    AUTH_RATE_LIMIT_WINDOW_SECONDS: envInteger(1).default(15 * 60),
    /** Attempts of each of them per client address and window; the next answers 429 until the window ends. */
    AUTH_RATE_LIMIT_PER_ADDRESS: envInteger(1).default(100),
    /** Attempts of each of them per account (the e-mail, or the refresh token's user) and window. */
    AUTH_RATE_LIMIT_PER_ACCOUNT: envInteger(1).default(10),
    /**
     * Proxies in front of the service that append the client's address to X-Forwarded-For (an ingress, a load
     * balancer): the client is the entry this many from the right. 0: the socket's peer, and the header is ignored.
     */
    TRUSTED_PROXY_HOPS: envInteger(0).default(0),
  },
  rules: [noDevelopmentSecretInProduction],
};
