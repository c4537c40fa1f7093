import { and, eq, isNull } from "drizzle-orm";
import type {
  NewRefreshToken,
  RefreshTokenRepository,
  StoredRefreshToken,
} from "../../ports/refresh-token-repository.ts";
import { type AppDatabase, updateCount } from "./dialect.ts";
import { refreshTokens } from "./refresh-tokens.table.ts";

const live = isNull(refreshTokens.revokedAt);

export class DrizzleRefreshTokenRepository implements RefreshTokenRepository {
  readonly #db: AppDatabase;

  constructor(db: AppDatabase) {
    this.#db = db;
  }

  async save(token: NewRefreshToken, now: Date): Promise<void> {
    await this.#db.insert(refreshTokens).values({ ...token, createdAt: now });
  }

  async findByHash(tokenHash: string): Promise<StoredRefreshToken | undefined> {
    const [row] = await this.#db
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        revokedAt: refreshTokens.revokedAt,
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
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
