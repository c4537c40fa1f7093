import { z } from "zod";
import { batchLoader, perRequest } from "../graphql/batch-loader.ts";
import { positiveId, valid, validId, validPage } from "../graphql/inputs.ts";
import { nullWhenNotFound } from "../graphql/not-found.ts";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "../platform/email.ts";
import { storedText, storedTime } from "../platform/stored-values.ts";
// @each parent
import type { StorageBinService } from "../storage-bins/storage-bin.service.ts";
import type { StorageBin } from "../storage-bins/storage-bin.ts";
// @end
// @each hasMany
import type { SupplyOrderService } from "../supply-orders/supply-order.service.ts";
import type { SupplyOrder } from "../supply-orders/supply-order.ts";
// @end
import type { StockItemService } from "./stock-item.service.ts";
import { /*@each field*//*@if maxLength*/DISPLAY_NAME_MAX_LENGTH, /*@end*//*@end*/type StockItem, type StockItemInput } from "./stock-item.ts";

/** The services the stock items' resolvers call (from the container, through graphql.module.ts). */
export interface StockItemResolverDependencies {
  stockItemService: StockItemService;
  // @each parent
  storageBinService: StorageBinService;
  // @end
  // @each hasMany
  supplyOrderService: SupplyOrderService;
  // @end
}

/** The checks of the input that GraphQL's types cannot express; a failure is BAD_USER_INPUT listing every field. */
const stockItemInput = z.object({
  // @each field
  // @if email
  // Trimmed and lower-cased before it is checked, as the service stores it.
  displayName: z.string().overwrite(normalizeEmail).check(z.email(), z.maxLength(EMAIL_MAX_LENGTH))/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif string
  displayName: storedText(/*@if maxLength*/DISPLAY_NAME_MAX_LENGTH/*@else*/255/*@end*/)/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif int
  stockDelta: z.int32()/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif uint
  unitCount: z.int32().min(0)/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif float64
  unitPrice: z.number()/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif bool
  isActive: z.boolean()/*@if nullable*/.nullable().optional()/*@end*/,
  // @elif time
  restockedAt: storedTime/*@if nullable*/.nullable().optional()/*@end*/,
  // @end
  // @end
  // @each parent
  storageBinId: positiveId,
  // @end
});

const validStockItemInput = (input: unknown): StockItemInput => valid(stockItemInput, input, "input");

interface StockItemArgs {
  id: string;
}
interface StockItemsArgs {
  limit?: number | null;
  offset?: number | null;
}
interface StockItemInputArgs {
  input: unknown;
}

/** The resolvers of stock-items.graphql; errors are the service's domain errors. */
// @note Written as the template's users' lines are laid out (they are not formatted); Biome breaks a longer model's.
export function stockItemResolvers({ stockItemService/*@each parent*/, storageBinService/*@end*//*@each hasMany*/, supplyOrderService/*@end*/ }: StockItemResolverDependencies) {
  // @if parents || hasMany
  // One set of loaders per request: graphql-yoga hands every resolver of a request the same context object.
  const loaders = perRequest(() => ({
    // @each parent
    storageBin: batchLoader((ids) => storageBinService.getByIds(ids), (storageBin) => storageBin.id),
    // @end
    // @each hasMany
    supplyOrders: batchLoader(
      (ids) => supplyOrderService.listByStockItemIds(ids),
      (supplyOrder) => supplyOrder.stockItemId,
    ),
    // @end
  }));
  // @end
  return {
    Query: {
      stockItems: (_: unknown, { limit, offset }: StockItemsArgs): Promise<StockItem[]> =>
        stockItemService.list(validPage({ limit: limit ?? 50, offset: offset ?? 0 })),
      stockItem: (_: unknown, { id }: StockItemArgs): Promise<StockItem | null> => nullWhenNotFound(stockItemService.get(validId(id))),
    },
    Mutation: {
      createStockItem: (_: unknown, { input }: StockItemInputArgs): Promise<StockItem> => stockItemService.create(validStockItemInput(input)),
      updateStockItem: (_: unknown, { id, input }: StockItemArgs & StockItemInputArgs): Promise<StockItem> =>
        stockItemService.update(validId(id), validStockItemInput(input)),
      deleteStockItem: async (_: unknown, { id }: StockItemArgs): Promise<boolean> => {
        await stockItemService.delete(validId(id));
        return true;
      },
    },
    // @if parents || hasMany
    StockItem: {
      // @each parent
      storageBin: async (stockItem: StockItem, _: unknown, context: object): Promise<StorageBin | undefined> => {
        const [storageBin] = await loaders(context).storageBin(stockItem.storageBinId);
        return storageBin;
      },
      // @end
      // @each hasMany
      supplyOrders: (stockItem: StockItem, _: unknown, context: object): Promise<SupplyOrder[]> =>
        loaders(context).supplyOrders(stockItem.id),
      // @end
    },
    // @end
  };
}
