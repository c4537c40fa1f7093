import type { PasswordHasher } from "../../src/auth/password-hasher.port.ts";
import type {
  NewRefreshToken,
  RefreshTokenRepository,
  StoredRefreshToken,
} from "../../src/auth/refresh-tokens.port.ts";
import { conflict } from "../../src/platform/errors.ts";
import type { User } from "../../src/users/user.ts";
import type { NewUser, UserRepository } from "../../src/users/users.port.ts";
import { InMemoryRows, type StoredRow } from "./in-memory-rows.ts";

type UserRow = User & StoredRow & { passwordHash: string };

const publicUser = ({ id, email, createdAt, updatedAt }: UserRow): User => ({ id, email, createdAt, updatedAt });

/** In-memory implementations of the ports, for fast service and handler tests. */
export class InMemoryUserRepository implements UserRepository {
  readonly table = new InMemoryRows<UserRow>();
  readonly rows = this.table.rows;

  async create({ email, passwordHash }: NewUser, now: Date): Promise<User> {
    if (this.table.taken("email", email)) throw conflict("E-mail already in use");
    return publicUser(this.table.insert({ email, passwordHash }, now));
  }

  async findById(id: number): Promise<User | undefined> {
    const row = this.table.live(id);
    return row && publicUser(row);
  }

  async findCredentials(email: string) {
    const row = this.rows.find((candidate) => candidate.email === email && !candidate.deletedAt);
    return row && { user: publicUser(row), passwordHash: row.passwordHash };
  }

  async list(bounds: { limit: number; offset: number }): Promise<User[]> {
    return this.table.page(bounds).map(publicUser);
  }

  async update(id: number, { email }: { email: string }, now: Date): Promise<User | undefined> {
    if (this.table.live(id) && this.table.taken("email", email, id)) throw conflict("E-mail already in use");
    const row = this.table.update(id, { email }, now);
    return row && publicUser(row);
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    return this.table.softDelete(id, now);
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

/** Reversible stand-in for bcrypt: tests stay fast and can still tell a right password from a wrong one. */
export const fakeHasher: PasswordHasher = {
  hash: async (password) => `hashed:${password}`,
  verify: async (password, hash) => hash === `hashed:${password}`,
};
