import type { MiddlewareHandler } from "hono";
import { defineModule } from "../platform/module.ts";
import { UserService } from "../users/user.service.ts";
import type { UserRepository } from "../users/users.port.ts";
import { userRepository } from "../users/users.repository.ts";
import { userRoutes } from "../users/users.routes.ts";
import { authRoutes } from "./auth.routes.ts";
import { AuthService } from "./auth.service.ts";
import { authConfig } from "./auth-config.ts";
import { BcryptPasswordHasher } from "./bcrypt-password-hasher.ts";
import { JwtTokenIssuer } from "./jwt-token-issuer.ts";
import type { PasswordHasher } from "./password-hasher.port.ts";
import { PrincipalCache } from "./principal-cache.ts";
import type { RefreshTokenRepository } from "./refresh-tokens.port.ts";
import { DrizzleRefreshTokenRepository } from "./refresh-tokens.repository.ts";
import { bearerAuthScheme, requireAuth } from "./require-auth.ts";

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
