// @each parent
import type { StorageBin } from "../storage-bins/storage-bin.ts";
// @end
// @each hasMany
import type { SupplyOrder } from "../supply-orders/supply-order.ts";
// @end

/** A stock item (/*@if !templateUser*/added by `scaffold add-model`; /*@end*/soft-deleted stock items are invisible). */
export interface StockItem {
  id: number;
  // @each field
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
  createdAt: Date;
  updatedAt: Date;
  // @if rest
  // @each parent
  /** Set when the read asked for it (`include=storage_bin`). */
  storageBin?: StorageBin;
  // @end
  // @each hasMany
  /** Set when the read asked for it (`include=supply_orders`). */
  supplyOrders?: SupplyOrder[];
  // @end
  // @end (GraphQL reads relations through their own fields, in the resolvers, not through `include`)
}

// @if maxLengthFields
/** Limits of the input, shared by the API's schemas and the table. */
// @each field
// @if maxLength
export const DISPLAY_NAME_MAX_LENGTH = 140;
// @end
// @end

// @end
/** What /*@if createRoute*/creating or replacing/*@else*/replacing/*@end*/ a stock item takes/*@if nullableFields*/: a field left out is stored as null/*@end*/. */
export interface StockItemInput {
  // @each field
  // @if string
  displayName/*@if nullable*/?/*@end*/: string/*@if nullable*/ | null/*@end*/;
  // @elif number
  stockDelta/*@if nullable*/?/*@end*/: number/*@if nullable*/ | null/*@end*/;
  // @elif bool
  isActive/*@if nullable*/?/*@end*/: boolean/*@if nullable*/ | null/*@end*/;
  // @elif time
  restockedAt/*@if nullable*/?/*@end*/: Date/*@if nullable*/ | null/*@end*/;
  // @end
  // @end
  // @each parent
  storageBinId: number;
  // @end
}
// @if rest && parents || rest && hasMany

/** What a read of stock items can include (`include=/*@each parent join=","*/storage_bin/*@end*//*@if parents && hasMany*/,/*@end (parents, then has-many children)*//*@each hasMany join=","*/supply_orders/*@end*/`). */
export const STOCK_ITEM_RELATIONS = [
  // @each parent
  "storage_bin",
  // @end
  // @each hasMany
  "supply_orders",
  // @end
] as const;
export type StockItemRelation = (typeof STOCK_ITEM_RELATIONS)[number];
// @end
