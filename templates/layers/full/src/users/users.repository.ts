import { type AppDatabase, isUniqueViolation } from "../platform/database/dialect.ts";
import { liveRows } from "../platform/database/live-rows.ts";
import { conflict } from "../platform/errors.ts";
import type { User } from "./user.ts";
import type { NewUser, UserRepository } from "./users.port.ts";
import { users } from "./users.table.ts";

const publicColumns = { id: users.id, email: users.email, createdAt: users.createdAt, updatedAt: users.updatedAt };

const emailTaken = (error: unknown) =>
  Promise.reject(isUniqueViolation(error) ? conflict("E-mail already in use") : error);

/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */
export class DrizzleUserRepository implements UserRepository {
  readonly #rows: ReturnType<typeof liveRows<typeof users, typeof publicColumns>>;
  readonly #credentials: (email: string) => Promise<(User & { passwordHash: string }) | undefined>;

  constructor(db: AppDatabase) {
    this.#rows = liveRows(db, "users", users, publicColumns);
    this.#credentials = this.#rows.lookup("users_credentials", users.email, {
      ...publicColumns,
      passwordHash: users.passwordHash,
    });
  }

  create({ email, passwordHash }: NewUser, now: Date): Promise<User> {
    return this.#rows.create({ email, passwordHash }, now).catch(emailTaken);
  }

  findById(id: number): Promise<User | undefined> {
    return this.#rows.byId(id);
  }

  async findCredentials(email: string): Promise<{ user: User; passwordHash: string } | undefined> {
    const row = await this.#credentials(email);
    if (!row) return undefined;
    const { passwordHash, ...user } = row;
    return { user, passwordHash };
  }

  list(page: { limit: number; offset: number }): Promise<User[]> {
    return this.#rows.page(page);
  }

  async update(id: number, changes: { email: string }, now: Date): Promise<User | undefined> {
    const changed = await this.#rows.update(id, { email: changes.email }, now).catch(emailTaken);
    return changed ? this.findById(id) : undefined;
  }

  softDelete(id: number, now: Date): Promise<boolean> {
    return this.#rows.softDelete(id, now);
  }
}

/** The users' repository over `db` (`scaffold add-model` makes it one per database once other modules read users). */
export const userRepository = (db: AppDatabase) => new DrizzleUserRepository(db);
