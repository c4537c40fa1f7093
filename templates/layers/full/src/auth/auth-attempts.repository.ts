import { eq, lte, sql } from "drizzle-orm";
import { type AppDatabase, isUniqueViolation, updateCount } from "../platform/database/dialect.ts";
import type { AttemptCounter, AttemptWindow } from "./auth-attempts.port.ts";
import { authAttempts } from "./auth-attempts.table.ts";

/**
 * One row per key. Every statement is a single atomic write or read that the three databases run alike (no upsert,
 * whose syntax and RETURNING support differ): concurrent hits of one key on any instances each count once.
 */
export class DrizzleAttemptCounter implements AttemptCounter {
  readonly #db: AppDatabase;

  constructor(db: AppDatabase) {
    this.#db = db;
  }

  async hit(key: string, windowMs: number, now: Date): Promise<AttemptWindow> {
    const endsAt = new Date(now.getTime() + windowMs);
    if (!(await this.#count(key, endsAt, now))) {
      try {
        await this.#db.insert(authAttempts).values({ key, attempts: 1, windowEndsAt: endsAt });
      } catch (error) {
        // Another request inserted the key first: count on its row.
        if (!isUniqueViolation(error)) throw error;
        await this.#count(key, endsAt, now);
      }
    }
    const [row] = await this.#db
      .select({ attempts: authAttempts.attempts, endsAt: authAttempts.windowEndsAt })
      .from(authAttempts)
      .where(eq(authAttempts.key, key));
    // Read after the write: concurrent hits may already have raised the count, never lowered it.
    return row ?? { attempts: 1, endsAt };
  }

  async deleteEnded(now: Date): Promise<void> {
    await this.#db.delete(authAttempts).where(lte(authAttempts.windowEndsAt, now));
  }

  /**
   * Adds one attempt to the key's row, or restarts its window when it has ended; false when there is no row.
   * `attempts` comes first: MySQL assigns in order and a later expression sees the earlier columns' new values.
   */
  async #count(key: string, endsAt: Date, now: Date): Promise<boolean> {
    const ended = lte(authAttempts.windowEndsAt, now);
    const restarted = sql.param(endsAt, authAttempts.windowEndsAt);
    const changed = await updateCount(
      this.#db,
      authAttempts,
      {
        attempts: sql`case when ${ended} then 1 else ${authAttempts.attempts} + 1 end`,
        windowEndsAt: sql`case when ${ended} then ${restarted} else ${authAttempts.windowEndsAt} end`,
      },
      eq(authAttempts.key, key),
    );
    return changed > 0;
  }
}
