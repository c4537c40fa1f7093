import { and, eq, gt, isNull } from "drizzle-orm";
import type { RefreshTokenRepository, StoredRefreshToken } from "../../ports/refresh-token-repository.ts";
import type { AppDatabase } from "./dialect.ts";
import { refreshTokens } from "./refresh-tokens.table.ts";

export class DrizzleRefreshTokenRepository implements RefreshTokenRepository {
  readonly #db: AppDatabase;

  constructor(db: AppDatabase) {
    this.#db = db;
  }

  async save(token: { userId: number; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
    await this.#db.insert(refreshTokens).values({ ...token, createdAt: now });
  }

  async findActive(tokenHash: string, now: Date): Promise<StoredRefreshToken | undefined> {
    const [row] = await this.#db
      .select({ id: refreshTokens.id, userId: refreshTokens.userId })
      .from(refreshTokens)
      .where(
        and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)),
      )
      .limit(1);
    return row;
  }

  async revoke(id: number, now: Date): Promise<void> {
    await this.#db.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, id));
  }

  async revokeAllOfUser(userId: number, now: Date): Promise<void> {
    await this.#db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}
