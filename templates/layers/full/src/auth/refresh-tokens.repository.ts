import { and, eq, isNull, sql } from "drizzle-orm";
import { type AppDatabase, prepared, updateCount } from "../platform/database/dialect.ts";
import type { NewRefreshToken, RefreshTokenRepository, StoredRefreshToken } from "./refresh-tokens.port.ts";
import { refreshTokens } from "./refresh-tokens.table.ts";

const live = isNull(refreshTokens.revokedAt);

/** The read of every refresh, built once as a prepared statement (see users.repository.ts). */
const byHash = (db: AppDatabase) =>
  prepared(
    "refresh_tokens_by_hash",
    db
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: refreshTokens.revokedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sql.placeholder("tokenHash")))
      .limit(1),
  );

export class DrizzleRefreshTokenRepository implements RefreshTokenRepository {
  readonly #db: AppDatabase;
  readonly #byHash: ReturnType<typeof byHash>;

  constructor(db: AppDatabase) {
    this.#db = db;
    this.#byHash = byHash(db);
  }

  async save(token: NewRefreshToken, now: Date): Promise<void> {
    await this.#db.insert(refreshTokens).values({ ...token, createdAt: now });
  }

  async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const [row] = await this.#byHash.execute({ tokenHash });
    return row;
  }

  /** One conditional UPDATE: the database, not a read before the write, decides which caller revoked the token. */
  async revokeIfActive(id: number, now: Date): Promise<boolean> {
    return (await updateCount(this.#db, refreshTokens, { revokedAt: now }, and(eq(refreshTokens.id, id), live))) === 1;
  }

  async revokeFamily(familyId: string, now: Date): Promise<void> {
    await this.#db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), live));
  }

  async revokeAllOfUser(userId: number, now: Date): Promise<void> {
    await this.#db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), live));
  }
}
