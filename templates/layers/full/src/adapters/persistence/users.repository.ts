import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { conflict } from "../../domain/errors.ts";
import type { User } from "../../domain/user.ts";
import type { NewUser, UserRepository } from "../../ports/user-repository.ts";
import { type AppDatabase, isUniqueViolation } from "./dialect.ts";
import { users } from "./users.table.ts";

const publicColumns = { id: users.id, email: users.email, createdAt: users.createdAt, updatedAt: users.updatedAt };
const live = isNull(users.deletedAt);

function emailTaken(error: unknown): unknown {
  return isUniqueViolation(error) ? conflict("E-mail already in use") : error;
}

/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */
export class DrizzleUserRepository implements UserRepository {
  readonly #db: AppDatabase;

  constructor(db: AppDatabase) {
    this.#db = db;
  }

  async create({ email, passwordHash }: NewUser, now: Date): Promise<User> {
    await this.#db
      .insert(users)
      .values({ email, passwordHash, createdAt: now, updatedAt: now })
      .catch((error: unknown) => Promise.reject(emailTaken(error)));
    return this.#require(eq(users.email, email));
  }

  async findById(id: number): Promise<User | undefined> {
    return this.#findOne(eq(users.id, id));
  }

  async findCredentials(email: string): Promise<{ user: User; passwordHash: string } | undefined> {
    const [row] = await this.#db
      .select({ ...publicColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.email, email), live))
      .limit(1);
    if (!row) return undefined;
    const { passwordHash, ...user } = row;
    return { user, passwordHash };
  }

  list({ limit, offset }: { limit: number; offset: number }): Promise<User[]> {
    return this.#db.select(publicColumns).from(users).where(live).orderBy(asc(users.id)).limit(limit).offset(offset);
  }

  async update(id: number, changes: { email: string }, now: Date): Promise<User | undefined> {
    if (!(await this.findById(id))) return undefined;
    await this.#db
      .update(users)
      .set({ email: changes.email, updatedAt: now })
      .where(and(eq(users.id, id), live))
      .catch((error: unknown) => Promise.reject(emailTaken(error)));
    return this.findById(id);
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    if (!(await this.findById(id))) return false;
    await this.#db
      .update(users)
      .set({ deletedAt: now, updatedAt: now })
      .where(and(eq(users.id, id), live));
    return true;
  }

  async #findOne(condition: SQL): Promise<User | undefined> {
    const [row] = await this.#db.select(publicColumns).from(users).where(and(condition, live)).limit(1);
    return row;
  }

  async #require(condition: SQL): Promise<User> {
    const user = await this.#findOne(condition);
    if (!user) throw new Error("user not found right after it was written");
    return user;
  }
}
