import { and, eq, isNull } from "drizzle-orm";
import type { AppDatabase } from "../platform/database/dialect.ts";
import { conflict } from "../platform/errors.ts";
// @each userChild
import { stockItems } from "../stock-items/stock-items.table.ts";
// @end (`userChild`: the models belonging to the template's users, in the order they were added)

/**
 * CONFLICT while live /*@each userChild join=" or "*/stock items/*@end*/ point at user `id` (added by `scaffold add-model`). The users' repository runs it
 * in the user's soft delete, after locking the user: a concurrent create under that user waits or is refused.
 */
export async function guardUserChildren(tx: AppDatabase, id: number): Promise<void> {
  // @each userChild
  const [stockItem] = await tx
    .select({ id: stockItems.id })
    .from(stockItems)
    .where(and(eq(stockItems.userId, id), isNull(stockItems.deletedAt)))
    .limit(1);
  if (stockItem) throw conflict(`User ${id} still has stock items: delete them first`);
  // @end
}
