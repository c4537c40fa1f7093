import type { Context } from "hono";
import { defineModule } from "../platform/module.ts";
import type { UserRepository } from "../users/users.port.ts";
import { userRepository } from "../users/users.repository.ts";
import { type AuthRoutesDependencies, authRoutes } from "./auth.routes.ts";
import { AuthService } from "./auth.service.ts";
import type { AttemptCounter } from "./auth-attempts.port.ts";
import { DrizzleAttemptCounter } from "./auth-attempts.repository.ts";
import { authConfig } from "./auth-config.ts";
import { AuthRateLimit } from "./auth-rate-limit.ts";
import { BcryptPasswordHasher } from "./bcrypt-password-hasher.ts";
import { clientAddress } from "./client-address.ts";
import type { CredentialRepository } from "./credentials.port.ts";
import { DrizzleCredentialRepository } from "./credentials.repository.ts";
import { JwtTokenIssuer } from "./jwt-token-issuer.ts";
import type { PasswordHasher } from "./password-hasher.port.ts";
import { PrincipalCache } from "./principal-cache.ts";
import type { RefreshTokenRepository } from "./refresh-tokens.port.ts";
import { DrizzleRefreshTokenRepository } from "./refresh-tokens.repository.ts";
import { bearerAuthScheme, requireAuth } from "./require-auth.ts";
import { UserSessions } from "./user-sessions.ts";

/**
 * Sign-in over the users (src/users/): registration, login and refresh at /api/v1/auth. It provides `requireAuth`,
 * the middleware other resources put on their routes, and `userSessions`, which the users' routes tell about a
 * change, so that it reaches this instance's principal cache at once.
 */
export const accountsModule = defineModule({
  config: authConfig,
  adapters: ({
    db,
    config,
  }): {
    users: UserRepository;
    credentials: CredentialRepository;
    refreshTokens: RefreshTokenRepository;
    attempts: AttemptCounter;
    hasher: PasswordHasher;
  } => ({
    users: userRepository(db),
    credentials: new DrizzleCredentialRepository(db),
    refreshTokens: new DrizzleRefreshTokenRepository(db),
    attempts: new DrizzleAttemptCounter(db),
    hasher: new BcryptPasswordHasher({
      rounds: config.BCRYPT_ROUNDS,
      workers: config.PASSWORD_HASH_WORKERS,
      queueMax: config.PASSWORD_HASH_QUEUE_MAX,
    }),
  }),
  provide: ({ config, adapters: { users, credentials, refreshTokens, attempts, hasher } }) => {
    const tokens = new JwtTokenIssuer({
      secret: config.JWT_SECRET,
      refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    });
    const principals = new PrincipalCache({ users, adminEmails: config.ADMIN_EMAILS });
    return {
      authService: new AuthService({ users, credentials, refreshTokens, hasher, tokens }),
      authRateLimit: new AuthRateLimit({
        counter: attempts,
        tokens,
        settings: {
          windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
          perAddress: config.AUTH_RATE_LIMIT_PER_ADDRESS,
          perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
        },
      }),
      clientAddress: (c: Context) => clientAddress(c, config.TRUSTED_PROXY_HOPS),
      userSessions: new UserSessions({ refreshTokens, principals }),
      requireAuth: requireAuth(tokens, principals),
    };
  },
  routes: (container: AuthRoutesDependencies) => [{ path: "/api/v1/auth", router: authRoutes(container) }],
  securitySchemes: bearerAuthScheme,
  tags: [{ name: "auth", description: "Sign-up and sign-in: the access and refresh tokens the protected routes need" }],
});
