import { createHash, randomUUID } from "node:crypto";
import { sign, verify } from "hono/jwt";
import type { TokenIssuer } from "./token-issuer.port.ts";
import { ACCESS_TOKEN_TTL_SECONDS, type AccessToken } from "./tokens.ts";

type TokenType = "access" | "refresh";

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

  constructor(options: JwtOptions) {
    this.#options = options;
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
    return (await this.#verify(token, "access"))?.userId;
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

  /**
   * The user of a validly signed, unexpired token of this type. The expiry is checked against this issuer's clock too
   * (hono/jwt checks it against the system's), so tokens issued and checked by one clock agree.
   */
  async #verify(token: string, typ: TokenType): Promise<{ userId: number } | undefined> {
    try {
      const payload = await verify(token, await this.#key, "HS256");
      const userId = Number(payload.sub);
      const unexpired = typeof payload.exp === "number" && payload.exp > this.#now();
      return payload.typ === typ && Number.isSafeInteger(userId) && unexpired ? { userId } : undefined;
    } catch {
      return undefined;
    }
  }
}
