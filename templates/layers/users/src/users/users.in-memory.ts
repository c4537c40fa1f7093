import { InMemoryRows, type StoredRow } from "../../test/support/in-memory-rows.ts";
import { conflict } from "../platform/errors.ts";
import type { User } from "./user.ts";
import type { UserFields, UserRepository } from "./users.port.ts";

type UserRow = User & StoredRow;

const publicUser = ({ id, email, name, createdAt, updatedAt }: UserRow): User => ({
  id,
  email,
  name,
  createdAt,
  updatedAt,
});

/** The user repository in memory, for fast service and handler tests. */
export class InMemoryUserRepository implements UserRepository {
  readonly table = new InMemoryRows<UserRow>();
  readonly rows = this.table.rows;

  async create(fields: UserFields, now: Date): Promise<User> {
    if (this.table.taken("email", fields.email)) throw conflict("E-mail already in use");
    return publicUser(this.table.insert(fields, now));
  }

  async findById(id: number): Promise<User | undefined> {
    const row = this.table.live(id);
    return row && publicUser(row);
  }

  async list(bounds: { limit: number; offset: number }): Promise<User[]> {
    return this.table.page(bounds).map(publicUser);
  }

  async update(id: number, fields: UserFields, now: Date): Promise<User | undefined> {
    if (this.table.live(id) && this.table.taken("email", fields.email, id)) throw conflict("E-mail already in use");
    const row = this.table.update(id, fields, now);
    return row && publicUser(row);
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    return this.table.softDelete(id, now);
  }
}
