import { createHash, randomUUID } from "node:crypto";
import { sign, verify } from "hono/jwt";
import { ACCESS_TOKEN_TTL_SECONDS, type AccessToken } from "../../domain/tokens.ts";
import { BoundedMap } from "../../infrastructure/bounded-map.ts";
import type { TokenIssuer } from "../../ports/token-issuer.ts";

type TokenType = "access" | "refresh";

/** Access tokens remembered after their signature was checked (about 300 bytes each). */
export const VERIFIED_ACCESS_TOKENS_KEPT = 10_000;

export interface JwtOptions {
  secret: string;
  refreshTtlSeconds: number;
  clock?: () => Date;
}

/** HS256 JWTs whose `typ` claim says what they are; a refresh token carries a `jti` so each one is unique. */
export class JwtTokenIssuer implements TokenIssuer {
  readonly #options: JwtOptions;
  /**
   * The HMAC key is imported once (not per request), and as a key, so a secret that happens to contain "PRIVATE" is
   * never mistaken for a PEM document.
   */
  readonly #key: Promise<CryptoKey>;
  /**
   * Access tokens whose signature was checked, with their user and expiry: a client sends the same token with every
   * request for its 15 minutes, and the HMAC check was the largest cost of an authenticated read. Only tokens that
   * passed the check get in, keyed by the whole token, and each hit checks the expiry again.
   */
  readonly #verifiedAccess: BoundedMap<string, { userId: number; expiresAt: number }>;

  constructor(options: JwtOptions) {
    this.#options = options;
    this.#verifiedAccess = new BoundedMap(VERIFIED_ACCESS_TOKENS_KEPT);
    const raw = new TextEncoder().encode(options.secret);
    this.#key = crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }

  async issueAccessToken(userId: number): Promise<AccessToken> {
    return { token: await this.#sign(userId, "access", ACCESS_TOKEN_TTL_SECONDS), expiresIn: ACCESS_TOKEN_TTL_SECONDS };
  }

  async issueRefreshToken(userId: number): Promise<{ token: string; expiresAt: Date }> {
    const ttl = this.#options.refreshTtlSeconds;
    const token = await this.#sign(userId, "refresh", ttl, { jti: randomUUID() });
    return { token, expiresAt: new Date(this.#now() * 1000 + ttl * 1000) };
  }

  async verifyAccessToken(token: string): Promise<number | undefined> {
    const known = this.#verifiedAccess.get(token);
    if (known) {
      if (known.expiresAt > this.#now()) return known.userId;
      this.#verifiedAccess.delete(token);
      return undefined;
    }
    const claims = await this.#verify(token, "access");
    if (claims) this.#verifiedAccess.set(token, claims);
    return claims?.userId;
  }

  async verifyRefreshToken(token: string): Promise<number | undefined> {
    return (await this.#verify(token, "refresh"))?.userId;
  }

  digest(token: string): string {
    return createHash("sha256").update(token).digest("hex");
  }

  #now(): number {
    return Math.floor((this.#options.clock?.() ?? new Date()).getTime() / 1000);
  }

  async #sign(userId: number, typ: TokenType, ttl: number, extra: Record<string, string> = {}): Promise<string> {
    const iat = this.#now();
    return sign({ sub: String(userId), typ, iat, exp: iat + ttl, ...extra }, await this.#key, "HS256");
  }

  /** The user and expiry (seconds since the epoch) of a validly signed, unexpired token of this type. */
  async #verify(token: string, typ: TokenType): Promise<{ userId: number; expiresAt: number } | undefined> {
    try {
      const payload = await verify(token, await this.#key, "HS256");
      const userId = Number(payload.sub);
      const valid = payload.typ === typ && Number.isSafeInteger(userId) && typeof payload.exp === "number";
      return valid ? { userId, expiresAt: payload.exp as number } : undefined;
    } catch {
      return undefined;
    }
  }
}
