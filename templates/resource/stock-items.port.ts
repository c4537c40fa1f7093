import type { StockItem } from "./stock-item.ts";

export interface StockItemFields {
  // @each stored
  // @if string
  displayName: string/*@if nullable*/ | null/*@end*/;
  // @elif number
  stockDelta: number/*@if nullable*/ | null/*@end*/;
  // @elif bool
  isActive: boolean/*@if nullable*/ | null/*@end*/;
  // @elif time
  restockedAt: Date/*@if nullable*/ | null/*@end*/;
  // @end
  // @end
  // @each parent
  storageBinId: number;
  // @end
}
// @if hiddenFields

/** What an update changes: /*@each hidden join=", "*/display_name/*@end*/ only ever set when a stock item is created. */
export type StockItemChanges = Omit<StockItemFields, /*@each hidden join=" | "*/"displayName"/*@end*/>;
// @end

/** StockItems that are soft-deleted are invisible through every method. */
export interface StockItemRepository {
  // @if uniqueFields
  /** Throws a CONFLICT domain error when /*@each unique join=" or "*/display_name/*@end*/ is taken. */
  // @end
  create(stockItem: StockItemFields, now: Date): Promise<StockItem>;
  findById(id: number): Promise<StockItem | undefined>;
  // @if children
  /** Several stock items in one read (for /*@if rest*/`include`/*@else*/GraphQL's batches/*@end*/); unknown ids are left out. */
  findByIds(ids: number[]): Promise<StockItem[]>;
  // @end
  list(page: { limit: number; offset: number }): Promise<StockItem[]>;
  /** Returns undefined for an unknown stock item./*@if uniqueFields*/ Throws a CONFLICT domain error when /*@each unique join=" or "*/display_name/*@end*/ is taken./*@end*/ */
  update(id: number, changes: /*@if hiddenFields*/StockItemChanges/*@else*/StockItemFields/*@end*/, now: Date): Promise<StockItem | undefined>;
  /** Sets the deletion time; false when there was no such (live) stock item. */
  softDelete(id: number, now: Date): Promise<boolean>;
  // @each parent
  /** The stock items of one storage bin, oldest first. */
  listByStorageBin(storageBinId: number, page: { limit: number; offset: number }): Promise<StockItem[]>;
  /** The stock items of several storage bins in one read (for `include`). */
  findByStorageBinIds(storageBinIds: number[]): Promise<StockItem[]>;
  /** Whether a storage bin still has stock items (it cannot be deleted then). */
  existsForStorageBin(storageBinId: number): Promise<boolean>;
  // @end
}
