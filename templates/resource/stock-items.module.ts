import type { MiddlewareHandler } from "hono";
import type { UserSessions } from "../auth/user-sessions.ts";
import { defineModule } from "../platform/module.ts";
// @each parent
import type { StorageBinRepository } from "../storage-bins/storage-bins.port.ts";
import { storageBinRepository } from "../storage-bins/storage-bins.repository.ts";
// @end
// @each child
import type { SupplyOrderRepository } from "../supply-orders/supply-orders.port.ts";
import { supplyOrderRepository } from "../supply-orders/supply-orders.repository.ts";
// @end
import { StockItemService } from "./stock-item.service.ts";
import type { StockItemRepository } from "./stock-items.port.ts";
import { stockItemRepository } from "./stock-items.repository.ts";
import { stockItemRoutes/*@each parent*/, storageBinStockItemsRoutes/*@end*/ } from "./stock-items.routes.ts";

// @if graphql
/** StockItems/*@if !templateUser*/ (added by `scaffold add-model`)/*@end*/: repository and service, which the GraphQL resolvers take from the container. */
// @else
/** StockItems/*@if !templateUser*/ (added by `scaffold add-model`)/*@end*/: repository, service and REST routes at /api/v1/stock-items/*@if minimal*/, no authentication/*@elif protected*/, behind the access token/*@else*/, public/*@end*/. */
// @end
export const stockItemsModule = defineModule({
  adapters: ({ db }): { stockItems: StockItemRepository/*@each parent*/; storageBins: StorageBinRepository/*@end*//*@each child*/; supplyOrders: SupplyOrderRepository/*@end*/ } => ({ stockItems: stockItemRepository(db)/*@each parent*/, storageBins: storageBinRepository(db)/*@end*//*@each child*/, supplyOrders: supplyOrderRepository(db)/*@end*/ }),
  provide: ({ adapters }) => ({ stockItemService: new StockItemService(adapters) }),
  // @if protected && templateUser
  routes: (container: { stockItemService: StockItemService; requireAuth: MiddlewareHandler; userSessions: UserSessions }) => [
    { path: "/api/v1/stock-items", router: stockItemRoutes(container) },
  ],
  // @elif rest
  routes: (container: { stockItemService: StockItemService/*@if protected*/; requireAuth: MiddlewareHandler/*@end*/ }) => [{ path: "/api/v1/stock-items", router: stockItemRoutes(container) }/*@each parent*/, { path: "/api/v1/storage-bins", router: storageBinStockItemsRoutes(container) }/*@end*/],
  // @end
  // @if rest
  tags: [{ name: "stock-items", description: "The stock items/*@if !createRoute*/ (POST /api/v1/auth/register creates one)/*@end*/" }],
  // @end
});
