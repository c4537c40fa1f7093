import type { MiddlewareHandler } from "hono";
import { authRoutes } from "../adapters/http/auth.routes.ts";
import { bearerAuthScheme, requireAuth } from "../adapters/http/require-auth.ts";
import { userRoutes } from "../adapters/http/users.routes.ts";
import { DrizzleRefreshTokenRepository } from "../adapters/persistence/refresh-tokens.repository.ts";
import { userRepository } from "../adapters/persistence/users.repository.ts";
import { BcryptPasswordHasher } from "../adapters/security/bcrypt-password-hasher.ts";
import { JwtTokenIssuer } from "../adapters/security/jwt-token-issuer.ts";
import { authConfig } from "../infrastructure/auth-config.ts";
import type { PasswordHasher } from "../ports/password-hasher.ts";
import type { RefreshTokenRepository } from "../ports/refresh-token-repository.ts";
import type { UserRepository } from "../ports/user-repository.ts";
import { AuthService } from "../services/auth.service.ts";
import { PrincipalCache } from "../services/principal-cache.ts";
import { UserService } from "../services/user.service.ts";
import { defineModule } from "./module.ts";

/**
 * Users and their sign-in: one module, because both halves share one principal cache (user changes made here reach
 * it at once). It provides `requireAuth`, the middleware other resources put on their routes.
 */
export const accountsModule = defineModule({
  config: authConfig,
  adapters: ({
    db,
    config,
  }): { users: UserRepository; refreshTokens: RefreshTokenRepository; hasher: PasswordHasher } => ({
    users: userRepository(db),
    refreshTokens: new DrizzleRefreshTokenRepository(db),
    hasher: new BcryptPasswordHasher(config.BCRYPT_ROUNDS),
  }),
  provide: ({ config, adapters: { users, refreshTokens, hasher } }) => {
    const tokens = new JwtTokenIssuer({
      secret: config.JWT_SECRET,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    });
    const principals = new PrincipalCache({ users, adminEmails: config.ADMIN_EMAILS });
    return {
      authService: new AuthService({ users, refreshTokens, hasher, tokens }),
      userService: new UserService({ users, refreshTokens, principals }),
      requireAuth: requireAuth(tokens, principals),
    };
  },
  routes: (container: { authService: AuthService; userService: UserService; requireAuth: MiddlewareHandler }) => [
    { path: "/api/v1/auth", router: authRoutes(container) },
    { path: "/api/v1/users", router: userRoutes(container) },
  ],
  securitySchemes: bearerAuthScheme,
});
