import { normalizeEmail } from "../platform/email.ts";
import type { UserRepository } from "../users/users.port.ts";
import { unauthorized } from "./auth-errors.ts";
import type { CredentialRepository } from "./credentials.port.ts";
import type { PasswordHasher } from "./password-hasher.port.ts";
import type { RefreshTokenRepository } from "./refresh-tokens.port.ts";
import type { TokenIssuer } from "./token-issuer.port.ts";
import type { AccessToken, TokenPair } from "./tokens.ts";

export interface AuthServiceDependencies {
  /** Registering creates a user (with the password's hash); a refresh checks the user still lives. */
  users: Pick<UserRepository, "create" | "findById">;
  credentials: CredentialRepository;
  refreshTokens: RefreshTokenRepository;
  hasher: PasswordHasher;
  tokens: TokenIssuer;
  clock?: () => Date;
}

export interface Credentials {
  email: string;
  password: string;
}

const invalidCredentials = () => unauthorized("Invalid e-mail or password");
const invalidRefreshToken = () => unauthorized("Invalid, expired or revoked refresh token");

export class AuthService {
  readonly #deps: AuthServiceDependencies;
  readonly #clock: () => Date;
  /** Compared against when the e-mail is unknown, so a login takes as long whether the account exists or not. */
  readonly #dummyHash: Promise<string>;

  constructor(deps: AuthServiceDependencies) {
    this.#deps = deps;
    this.#clock = deps.clock ?? (() => new Date());
    this.#dummyHash = deps.hasher.hash("timing-equaliser-not-a-real-password");
  }

  async register({ email, password }: Credentials): Promise<TokenPair> {
    const passwordHash = await this.#deps.hasher.hash(password);
    const user = await this.#deps.users.create({ email: normalizeEmail(email), passwordHash }, this.#clock());
    return this.#issueTokens(user.id, crypto.randomUUID());
  }

  async login({ email, password }: Credentials): Promise<TokenPair> {
    const found = await this.#deps.credentials.findCredentials(normalizeEmail(email));
    const valid = await this.#deps.hasher.verify(password, found?.passwordHash ?? (await this.#dummyHash));
    if (!found || !valid) throw invalidCredentials();
    return this.#issueTokens(found.user.id, crypto.randomUUID());
  }

  /**
   * Rotation: the presented refresh token is revoked and a new one of the same family is issued with the new access
   * token. Reuse detection (OAuth 2.0 Security BCP): presenting a token that was already rotated revokes its whole
   * family, since either its owner or a thief holds a copy. Of concurrent refreshes of one token the database lets
   * exactly one revoke it; the others count as reuse.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const { tokens, refreshTokens, users } = this.#deps;
    const userId = await tokens.verifyRefreshToken(refreshToken);
    if (userId === undefined) throw invalidRefreshToken();
    const now = this.#clock();
    const stored = await refreshTokens.findByHash(tokens.digest(refreshToken));
    if (!stored || stored.userId !== userId || stored.expiresAt <= now) throw invalidRefreshToken();
    if (stored.revokedAt) return this.#reused(stored.familyId, now);
    if (!(await users.findById(userId))) throw invalidRefreshToken();
    // The successor is stored before the claim: a concurrent reuse, which can only follow a successful claim, then
    // finds it in the family and revokes it too.
    const pair = await this.#issueTokens(userId, stored.familyId);
    if (!(await refreshTokens.revokeIfActive(stored.id, now))) return this.#reused(stored.familyId, now);
    return pair;
  }

  async #reused(familyId: string, now: Date): Promise<never> {
    await this.#deps.refreshTokens.revokeFamily(familyId, now);
    throw invalidRefreshToken();
  }

  async #issueTokens(userId: number, familyId: string): Promise<TokenPair> {
    const { tokens, refreshTokens } = this.#deps;
    const accessToken: AccessToken = await tokens.issueAccessToken(userId);
    const refresh = await tokens.issueRefreshToken(userId);
    await refreshTokens.save(
      { userId, familyId, tokenHash: tokens.digest(refresh.token), expiresAt: refresh.expiresAt },
      this.#clock(),
    );
    return { accessToken, refreshToken: refresh.token };
  }
}
