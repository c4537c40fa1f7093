import { InMemoryRows, type StoredRow } from "../../test/support/in-memory-rows.ts";
import { conflict } from "../platform/errors.ts";
import type { StockItem } from "./stock-item.ts";
import type { StockItemChanges, StockItemFields, StockItemRepository } from "./stock-items.port.ts";

type StockItemRow = StockItem & StoredRow/*@if hiddenFields*/ & Pick<StockItemFields, /*@each hidden join=" | "*/"displayName"/*@end*/>/*@end*/;

// @if uniqueFields
// @if takenMessage
// @each unique
const TAKEN = "Display name already in use";
// @end
// @else
const TAKEN = "A stock item with this /*@each unique join=" or "*/display_name/*@end*/ already exists";
// @end
// @end

/** What the port answers: the row without its deletion time/*@if hiddenFields*/ and /*@each hidden join=" or "*/display_name/*@end*//*@end*/. */
const publicStockItem = ({ deletedAt: _deletedAt, /*@each hidden*/displayName: _displayName, /*@end*/...stockItem }: StockItemRow): StockItem => stockItem;

/** The stock item repository in memory, for fast service and handler tests. */
export class InMemoryStockItemRepository implements StockItemRepository {
  readonly table = new InMemoryRows<StockItemRow>();
  readonly rows = this.table.rows;

  async create(fields: StockItemFields, now: Date): Promise<StockItem> {
    // @if uniqueFields
    // @note Null is never taken (the database allows many); Biome breaks the condition when it is too long.
    if (/*@each unique join=" || "*//*@if notNull*/this.table.taken("displayName", fields.displayName)/*@else*/(fields.shortNote !== null && this.table.taken("shortNote", fields.shortNote))/*@end*//*@end*/) {
      throw conflict(TAKEN);
    }
    // @end
    return publicStockItem(this.table.insert(fields, now));
  }

  async findById(id: number): Promise<StockItem | undefined> {
    const row = this.table.live(id);
    return row && publicStockItem(row);
  }

  // @if children
  async findByIds(ids: number[]): Promise<StockItem[]> {
    return this.rows.filter((row) => !row.deletedAt && ids.includes(row.id)).map(publicStockItem);
  }

  // @end
  async list(bounds: { limit: number; offset: number }): Promise<StockItem[]> {
    return this.table.page(bounds).map(publicStockItem);
  }

  async update(id: number, fields: /*@if hiddenFields*/StockItemChanges/*@else*/StockItemFields/*@end*/, now: Date): Promise<StockItem | undefined> {
    // @if uniqueFields
    if (!this.table.live(id)) return undefined;
    // @note Null is never taken (the database allows many); Biome breaks the condition when it is too long.
    if (/*@each unique join=" || "*//*@if notNull*/this.table.taken("displayName", fields.displayName, id)/*@else*/(fields.shortNote !== null && this.table.taken("shortNote", fields.shortNote, id))/*@end*//*@end*/) {
      throw conflict(TAKEN);
    }
    // @end
    const row = this.table.update(id, fields, now);
    return row && publicStockItem(row);
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    return this.table.softDelete(id, now);
  }
  // @each parent

  async listByStorageBin(storageBinId: number, bounds: { limit: number; offset: number }): Promise<StockItem[]> {
    const rows = this.rows.filter((row) => !row.deletedAt && row.storageBinId === storageBinId);
    return rows.slice(bounds.offset, bounds.offset + bounds.limit).map(publicStockItem);
  }

  async findByStorageBinIds(storageBinIds: number[]): Promise<StockItem[]> {
    return this.rows.filter((row) => !row.deletedAt && storageBinIds.includes(row.storageBinId)).map(publicStockItem);
  }

  async existsForStorageBin(storageBinId: number): Promise<boolean> {
    return this.rows.some((row) => !row.deletedAt && row.storageBinId === storageBinId);
  }
  // @end
}
