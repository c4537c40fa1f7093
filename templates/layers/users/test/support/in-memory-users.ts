import { conflict } from "../../src/domain/errors.ts";
import type { User } from "../../src/domain/user.ts";
import type { UserFields, UserRepository } from "../../src/ports/user-repository.ts";

interface UserRow extends User {
  deletedAt: Date | null;
}

/** The user repository in memory, for fast service and handler tests. */
export class InMemoryUserRepository implements UserRepository {
  readonly rows: UserRow[] = [];

  async create({ email, name }: UserFields, now: Date): Promise<User> {
    if (this.#taken(email)) throw conflict("E-mail already in use");
    const row = { id: this.rows.length + 1, email, name, createdAt: now, updatedAt: now, deletedAt: null };
    this.rows.push(row);
    return publicUser(row);
  }

  async findById(id: number): Promise<User | undefined> {
    const row = this.#live(id);
    return row && publicUser(row);
  }

  async list({ limit, offset }: { limit: number; offset: number }): Promise<User[]> {
    return this.rows
      .filter((row) => !row.deletedAt)
      .slice(offset, offset + limit)
      .map(publicUser);
  }

  async update(id: number, { email, name }: UserFields, now: Date): Promise<User | undefined> {
    const row = this.#live(id);
    if (!row) return undefined;
    if (this.#taken(email, id)) throw conflict("E-mail already in use");
    Object.assign(row, { email, name, updatedAt: now });
    return publicUser(row);
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    const row = this.#live(id);
    if (row) Object.assign(row, { deletedAt: now, updatedAt: now });
    return Boolean(row);
  }

  /** Like the database's unique index: a deleted user's e-mail stays taken. */
  #taken(email: string, except?: number): boolean {
    return this.rows.some((row) => row.email === email && row.id !== except);
  }

  #live(id: number): UserRow | undefined {
    return this.rows.find((row) => row.id === id && !row.deletedAt);
  }
}

const publicUser = ({ id, email, name, createdAt, updatedAt }: UserRow): User => ({
  id,
  email,
  name,
  createdAt,
  updatedAt,
});
