/** Refresh tokens are stored as hashes only, with owner, expiry, creation and revocation times. */
export interface StoredRefreshToken {
  id: number;
  userId: number;
}

export interface RefreshTokenRepository {
  save(token: { userId: number; tokenHash: string; expiresAt: Date }, now: Date): Promise<void>;
  /** The token with this hash if it is neither revoked nor expired at `now`. */
  findActive(tokenHash: string, now: Date): Promise<StoredRefreshToken | undefined>;
  revoke(id: number, now: Date): Promise<void>;
  revokeAllOfUser(userId: number, now: Date): Promise<void>;
}
