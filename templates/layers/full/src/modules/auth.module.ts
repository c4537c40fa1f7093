import { requireAuth } from "../adapters/http/require-auth.ts";
import { DrizzleRefreshTokenRepository } from "../adapters/persistence/refresh-tokens.repository.ts";
import { DrizzleUserRepository } from "../adapters/persistence/users.repository.ts";
import { BcryptPasswordHasher } from "../adapters/security/bcrypt-password-hasher.ts";
import { JwtTokenIssuer } from "../adapters/security/jwt-token-issuer.ts";
import { AuthService } from "../services/auth.service.ts";
import type { ModuleContext } from "./module.ts";

/** Sign-up, sign-in, token refresh, and the `requireAuth` middleware other resources put on their routes. */
export function authModule({ config, db }: ModuleContext) {
  const tokens = new JwtTokenIssuer({ secret: config.JWT_SECRET, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS });
  const authService = new AuthService({
    users: new DrizzleUserRepository(db),
    refreshTokens: new DrizzleRefreshTokenRepository(db),
    hasher: new BcryptPasswordHasher(config.BCRYPT_ROUNDS),
    tokens,
  });
  return { authService, requireAuth: requireAuth(tokens) };
}
