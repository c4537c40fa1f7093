import {
  idColumn,
  liveUnique,
  liveUniqueColumns,
  stringColumn,
  table,
  timestampColumn,
} from "../platform/database/dialect.ts";

export const users = table(
  "users",
  {
    id: idColumn(),
    email: stringColumn("email", 255).notNull(),
    name: stringColumn("name", 100),
    createdAt: timestampColumn("created_at").notNull(),
    updatedAt: timestampColumn("updated_at").notNull(),
    /** Soft delete: set instead of removing the row. */
    deletedAt: timestampColumn("deleted_at"),
    ...liveUniqueColumns(),
  },
  // A deleted user's e-mail can be registered again.
  (columns) => [liveUnique("users_email_unique", columns.email, columns)],
);
