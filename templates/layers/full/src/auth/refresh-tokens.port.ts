/**
 * Refresh tokens are stored as hashes only, with owner, family, expiry, creation and revocation times. A family is
 * the chain of tokens that descends from one sign-in (register or login) through rotation.
 */
export interface StoredRefreshToken {
  id: number;
  userId: number;
  familyId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

export interface NewRefreshToken {
  userId: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
}

export interface RefreshTokenRepository {
  save(token: NewRefreshToken, now: Date): Promise<void>;
  /** The token with this hash, revoked and expired ones included. */
  findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined>;
  /** Revokes the token if it is not revoked yet. Atomic: of concurrent calls for one token exactly one gets true. */
  revokeIfActive(id: number, now: Date): Promise<boolean>;
  revokeFamily(familyId: string, now: Date): Promise<void>;
  revokeAllOfUser(userId: number, now: Date): Promise<void>;
}
