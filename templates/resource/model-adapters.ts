// @each model
import { InMemoryStockItemRepository } from "../../src/stock-items/stock-items.in-memory.ts";
// @end (`model`: every model add-model added, in the order of their plurals)

/** Fresh in-memory repositories of the models `scaffold add-model` added (one set per test app). */
export const modelAdapters = () => ({
  // @each model
  stockItems: new InMemoryStockItemRepository(),
  // @end
});
