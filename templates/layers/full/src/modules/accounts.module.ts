import { requireAuth } from "../adapters/http/require-auth.ts";
import { DrizzleRefreshTokenRepository } from "../adapters/persistence/refresh-tokens.repository.ts";
import { DrizzleUserRepository } from "../adapters/persistence/users.repository.ts";
import { BcryptPasswordHasher } from "../adapters/security/bcrypt-password-hasher.ts";
import { JwtTokenIssuer } from "../adapters/security/jwt-token-issuer.ts";
import { AuthService } from "../services/auth.service.ts";
import { PrincipalCache } from "../services/principal-cache.ts";
import { UserService } from "../services/user.service.ts";
import type { ModuleContext } from "./module.ts";

/**
 * Users and their sign-in: one module, because both halves share one principal cache (user changes made here reach
 * it at once). Returns the services and the `requireAuth` middleware other resources put on their routes.
 */
export function accountsModule({ config, db }: ModuleContext) {
  const users = new DrizzleUserRepository(db);
  const refreshTokens = new DrizzleRefreshTokenRepository(db);
  const tokens = new JwtTokenIssuer({ secret: config.JWT_SECRET, refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS });
  const principals = new PrincipalCache({ users, adminEmails: config.ADMIN_EMAILS });
  return {
    authService: new AuthService({
      users,
      refreshTokens,
      hasher: new BcryptPasswordHasher(config.BCRYPT_ROUNDS),
      tokens,
    }),
    userService: new UserService({ users, refreshTokens, principals }),
    requireAuth: requireAuth(tokens, principals),
  };
}
