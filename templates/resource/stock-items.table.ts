import { sql } from "drizzle-orm";
import {
  booleanColumn,
  check,
  doubleColumn,
  idColumn,
  integerColumn,
  liveUnique,
  liveUniqueColumns,
  stringColumn,
  table,
  timestampColumn,
} from "../platform/database/dialect.ts";
import { index, referenceColumn } from "../platform/database/references.ts";
import { /*@each field*//*@if maxLength*/DISPLAY_NAME_MAX_LENGTH, /*@end*//*@end*/} from "./stock-item.ts";
// @each parent
import { storageBins } from "../storage-bins/storage-bins.table.ts";
// @end

export const stockItems = table(
  "stock_items",
  {
    id: idColumn(),
    // @each stored
    // @if string
    displayName: stringColumn("display_name", /*@if maxLength*/DISPLAY_NAME_MAX_LENGTH/*@else*/255/*@end*/)/*@if notNull*/.notNull()/*@end*/,
    // @elif integer
    unitCount: integerColumn("unit_count")/*@if notNull*/.notNull()/*@end*/,
    // @elif float64
    unitPrice: doubleColumn("unit_price")/*@if notNull*/.notNull()/*@end*/,
    // @elif bool
    isActive: booleanColumn("is_active")/*@if notNull*/.notNull()/*@end*/,
    // @elif time
    restockedAt: timestampColumn("restocked_at")/*@if notNull*/.notNull()/*@end*/,
    // @end
    // @end
    // @each parent
    storageBinId: referenceColumn("storage_bin_id")
      .notNull()
      .references(() => storageBins.id),
    // @end
    createdAt: timestampColumn("created_at").notNull(),
    updatedAt: timestampColumn("updated_at").notNull(),
    /** Soft delete: set instead of removing the row. */
    deletedAt: timestampColumn("deleted_at"),
    // @if uniqueFields
    ...liveUniqueColumns(),
    // @end
  },
  // @if uniqueFields || indexedFields || parents || uintFields
  (columns) => [
    // @each unique
    liveUnique("stock_items_display_name_unique", columns.displayName, columns),
    // @end (unique among live rows only: a deleted row's value can be taken again)
    // @each stored
    // @if index && !unique
    index("stock_items_unit_count_idx").on(columns.unitCount),
    // @end (a unique field's index is its liveUnique one)
    // @end
    // @each parent
    index("stock_items_storage_bin_id_idx").on(columns.storageBinId),
    // @end
    // @each stored
    // @if uint
    check("stock_items_unit_count_unsigned", sql`${columns.unitCount} >= 0`),
    // @end
    // @end
  ],
  // @end (without a constraint or an index of its own, the table is `table(name, columns)`)
);
