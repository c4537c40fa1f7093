import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { conflict } from "../../domain/errors.ts";
import type { User } from "../../domain/user.ts";
import type { UserFields, UserRepository } from "../../ports/user-repository.ts";
import { type AppDatabase, isUniqueViolation, prepared } from "./dialect.ts";
import { users } from "./users.table.ts";

const publicColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
const live = isNull(users.deletedAt);

function emailTaken(error: unknown): unknown {
  return isUniqueViolation(error) ? conflict("E-mail already in use") : error;
}

/**
 * The reads, built once as prepared statements: a request then only binds its values (`sql.placeholder`) instead of
 * building the query again. Writes run once per change and stay one-off queries.
 */
function reads(db: AppDatabase) {
  const byId = and(eq(users.id, sql.placeholder("id")), live);
  const byEmail = and(eq(users.email, sql.placeholder("email")), live);
  return {
    byId: prepared("users_by_id", db.select(publicColumns).from(users).where(byId).limit(1)),
    byEmail: prepared("users_by_email", db.select(publicColumns).from(users).where(byEmail).limit(1)),
    page: prepared(
      "users_page",
      db
        .select(publicColumns)
        .from(users)
        .where(live)
        .orderBy(asc(users.id))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    ),
  };
}

/** Written once against the dialect facade, so it is the same code on PostgreSQL, MySQL and SQLite. */
export class DrizzleUserRepository implements UserRepository {
  readonly #db: AppDatabase;
  readonly #reads: ReturnType<typeof reads>;

  constructor(db: AppDatabase) {
    this.#db = db;
    this.#reads = reads(db);
  }

  async create({ email, name }: UserFields, now: Date): Promise<User> {
    await this.#db
      .insert(users)
      .values({ email, name, createdAt: now, updatedAt: now })
      .catch((error: unknown) => Promise.reject(emailTaken(error)));
    const [user] = await this.#reads.byEmail.execute({ email });
    if (!user) throw new Error("user not found right after it was written");
    return user;
  }

  async findById(id: number): Promise<User | undefined> {
    const [user] = await this.#reads.byId.execute({ id });
    return user;
  }

  list(page: { limit: number; offset: number }): Promise<User[]> {
    return this.#reads.page.execute(page);
  }

  async update(id: number, { email, name }: UserFields, now: Date): Promise<User | undefined> {
    if (!(await this.findById(id))) return undefined;
    await this.#db
      .update(users)
      .set({ email, name, updatedAt: now })
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
}
