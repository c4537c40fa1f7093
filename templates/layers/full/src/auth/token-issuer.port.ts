import type { AccessToken } from "./tokens.ts";

/** Signs and checks tokens. Access and refresh tokens are told apart, so one never works as the other. */
export interface TokenIssuer {
  issueAccessToken(userId: number): Promise<AccessToken>;
  issueRefreshToken(userId: number): Promise<{ token: string; expiresAt: Date }>;
  /** The user id of a valid access token, else undefined. */
  verifyAccessToken(token: string): Promise<number | undefined>;
  /** The user id of a validly signed, unexpired refresh token, else undefined. */
  verifyRefreshToken(token: string): Promise<number | undefined>;
  /** A digest of a refresh token: what is stored instead of the token. */
  digest(token: string): string;
}
