import type { AttemptCounter, AttemptWindow } from "../../src/auth/auth-attempts.port.ts";
import type { CredentialRepository } from "../../src/auth/credentials.port.ts";
import type { PasswordHasher } from "../../src/auth/password-hasher.port.ts";
import type {
  NewRefreshToken,
  RefreshTokenRepository,
  StoredRefreshToken,
} from "../../src/auth/refresh-tokens.port.ts";
import type { InMemoryUserRepository } from "../../src/users/users.in-memory.ts";

/** The credentials lookup over the in-memory users' rows (which hold the password hash the users' reads leave out). */
export class InMemoryCredentialRepository implements CredentialRepository {
  readonly #users: InMemoryUserRepository;

  constructor(users: InMemoryUserRepository) {
    this.#users = users;
  }

  async findCredentials(email: string) {
    const row = this.#users.rows.find((candidate) => candidate.email === email && !candidate.deletedAt);
    if (!row) return undefined;
    const { deletedAt: _deletedAt, passwordHash, ...user } = row;
    return { user, passwordHash };
  }
}

interface TokenRow extends StoredRefreshToken {
  tokenHash: string;
  createdAt: Date;
}

export class InMemoryRefreshTokenRepository implements RefreshTokenRepository {
  readonly rows: TokenRow[] = [];

  async save(token: NewRefreshToken, now: Date): Promise<void> {
    this.rows.push({ ...token, id: this.rows.length + 1, createdAt: now, revokedAt: null });
  }

  async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const row = this.rows.find((candidate) => candidate.tokenHash === tokenHash);
    return (
      row && {
        id: row.id,
        userId: row.userId,
        familyId: row.familyId,
        expiresAt: row.expiresAt,
        revokedAt: row.revokedAt,
      }
    );
  }

  async revokeIfActive(id: number, now: Date): Promise<boolean> {
    const row = this.rows.find((candidate) => candidate.id === id && !candidate.revokedAt);
    if (row) row.revokedAt = now;
    return Boolean(row);
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    for (const row of this.rows) if (row.familyId === familyId && !row.revokedAt) row.revokedAt = now;
  }

  async revokeAllOfUser(userId: number, now: Date): Promise<void> {
    for (const row of this.rows) if (row.userId === userId && !row.revokedAt) row.revokedAt = now;
  }
}

export class InMemoryAttemptCounter implements AttemptCounter {
  readonly windows = new Map<string, AttemptWindow>();

  async hit(key: string, windowMs: number, now: Date): Promise<AttemptWindow> {
    const current = this.windows.get(key);
    const next =
      current && current.endsAt > now
        ? { attempts: current.attempts + 1, endsAt: current.endsAt }
        : { attempts: 1, endsAt: new Date(now.getTime() + windowMs) };
    this.windows.set(key, next);
    return next;
  }

  async deleteEnded(now: Date): Promise<void> {
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/** Reversible stand-in for bcrypt: tests stay fast and can still tell a right password from a wrong one. */
export const fakeHasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (password, hash) => hash === `hashed:${password}`,
};
