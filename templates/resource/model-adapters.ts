// @each model
import { InMemoryStockItemRepository } from "../../src/stock-items/stock-items.in-memory.ts";
// @end

/** Fresh in-memory repositories of the models `scaffold add-model` added (one set per test app). */
export const modelAdapters = () => ({
  // @each model
  stockItems: new InMemoryStockItemRepository(),
  // @end
});
