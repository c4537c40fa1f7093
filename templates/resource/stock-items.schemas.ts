import { z } from "@hono/zod-openapi";
import { emailSchema, int32 } from "../platform/http/params.ts";
import { storedText, storedTime } from "../platform/stored-values.ts";
import { /*@each field*//*@if maxLength*/DISPLAY_NAME_MAX_LENGTH, /*@end*//*@end*/type StockItem, type StockItemInput } from "./stock-item.ts";

const timestamp = z.iso.datetime().openapi({ example: "2025-01-01T12:00:00.000Z" });
// @if timeFields
/** A date-time in the input: ISO 8601 with `Z` or an offset, as a Date in the years 1 to 9999 (UTC). */
const dateTime = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .pipe(storedTime);
// @end

export const stockItemSchema = z
  .object({
    id: int32().min(1),
    // @each field
    // @if string
    display_name: z.string()/*@if nullable*/.nullable()/*@end*/,
    // @elif integer
    unit_count: int32()/*@if uint*/.min(0)/*@end*//*@if nullable*/.nullable()/*@end*/,
    // @elif float64
    unit_price: z.number()/*@if nullable*/.nullable()/*@end*/,
    // @elif bool
    is_active: z.boolean()/*@if nullable*/.nullable()/*@end*/,
    // @elif time
    restocked_at: timestamp/*@if nullable*/.nullable()/*@end*/,
    // @end
    // @end
    // @each parent
    storage_bin_id: int32().min(1),
    // @end
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("StockItem");

export const toStockItemBody = (stockItem: StockItem): z.infer<typeof stockItemSchema> => ({
  id: stockItem.id,
  // @each field
  // @if time && notNull
  restocked_at: stockItem.restockedAt.toISOString(),
  // @elif time
  restocked_at: stockItem.restockedAt?.toISOString() ?? null,
  // @else
  display_name: stockItem.displayName,
  // @end
  // @end
  // @each parent
  storage_bin_id: stockItem.storageBinId,
  // @end
  created_at: stockItem.createdAt.toISOString(),
  updated_at: stockItem.updatedAt.toISOString(),
});

/**
 * Body of /*@if createRoute*/POST and PUT/*@else*/PUT/*@end*/: every field of the stock item/*@if nullableFields*/; one that may be null may also be left out (stored as null)/*@end*/.
 * Any other key (a typo, `id`, a timestamp) is a 400 naming it, never silently dropped.
 */
export const stockItemInputSchema = z
  .strictObject({
    // @each field
    // @if email
    display_name: emailSchema/*@if nullable*/.nullable().optional()/*@end*/,
    // @elif string
    display_name: storedText(/*@if maxLength*/DISPLAY_NAME_MAX_LENGTH/*@else*/255/*@end*/)/*@if nullable*/.nullable().optional()/*@end*//*@if example*/.openapi({ example: "Blue crate" })/*@end*/,
    // @elif int
    stock_delta: int32()/*@if nullable*/.nullable().optional()/*@end*/,
    // @elif uint
    unit_count: int32().min(0)/*@if nullable*/.nullable().optional()/*@end*/,
    // @elif float64
    unit_price: z.number()/*@if nullable*/.nullable().optional()/*@end*/,
    // @elif bool
    is_active: z.boolean()/*@if nullable*/.nullable().optional()/*@end*/,
    // @elif time
    restocked_at: dateTime/*@if nullable*/.nullable().optional()/*@end*/,
    // @end
    // @end
    // @each parent
    storage_bin_id: int32().min(1),
    // @end
  })
  .openapi("/*@if createRoute*/StockItemInput/*@else*/UpdateStockItem/*@end*/");

export const toStockItemInput = (body: z.infer<typeof stockItemInputSchema>): StockItemInput => ({
  // @each field
  displayName: body.display_name,
  // @end
  // @each parent
  storageBinId: body.storage_bin_id,
  // @end
});
