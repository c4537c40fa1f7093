import { and, eq, isNull, sql } from "drizzle-orm";
import { type AppDatabase, prepared } from "../platform/database/dialect.ts";
import { users } from "../users/users.table.ts";
import type { CredentialRepository } from "./credentials.port.ts";

/** The one read of the users' table that answers the password hash, which the users' own repository never reads. */
export class DrizzleCredentialRepository implements CredentialRepository {
  readonly #byEmail;

  constructor(db: AppDatabase) {
    this.#byEmail = prepared(
      "users_credentials",
      db
        .select({
          id: users.id,
          email: users.email,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(and(eq(users.email, sql.placeholder("email")), isNull(users.deletedAt)))
        .limit(1),
    );
  }

  async findCredentials(email: string) {
    const [row] = await this.#byEmail.execute({ email });
    if (!row) return undefined;
    const { passwordHash, ...user } = row;
    return { user, passwordHash };
  }
}
