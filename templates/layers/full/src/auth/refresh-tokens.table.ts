import { idColumn, stringColumn, table, timestampColumn } from "../platform/database/dialect.ts";
import { index, referenceColumn } from "../platform/database/references.ts";
import { users } from "../users/users.table.ts";

/** Only a SHA-256 digest of each refresh token is stored, never the token. */
export const refreshTokens = table(
  "refresh_tokens",
  {
    id: idColumn(),
    userId: referenceColumn("user_id")
      .notNull()
      .references(() => users.id),
    /** The sign-in (register or login) the token descends from through rotation: a UUID. */
    familyId: stringColumn("family_id", 36).notNull(),
    tokenHash: stringColumn("token_hash", 64).notNull().unique(),
    expiresAt: timestampColumn("expires_at").notNull(),
    createdAt: timestampColumn("created_at").notNull(),
    revokedAt: timestampColumn("revoked_at"),
  },
  (columns) => [
    index("refresh_tokens_user_id_idx").on(columns.userId),
    index("refresh_tokens_family_id_idx").on(columns.familyId),
  ],
);
