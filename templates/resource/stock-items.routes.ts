import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { forbidden } from "../auth/auth-errors.ts";
import type { Principal } from "../auth/principal.ts";
import { bearerSecurity } from "../auth/require-auth.ts";
import type { UserSessions } from "../auth/user-sessions.ts";
import { idParams, listQuery } from "../platform/http/params.ts";
import { resourceRoutes } from "../platform/http/resource-routes.ts";
import { errorResponses, success } from "../platform/http/rest-envelope.ts";
import { createRouter } from "../platform/http/router.ts";
// @each parent
import { storageBinSchema, toStorageBinBody } from "../storage-bins/storage-bins.schemas.ts";
// @end
// @each hasMany
import { supplyOrderSchema, toSupplyOrderBody } from "../supply-orders/supply-orders.schemas.ts";
// @end
import type { StockItemService } from "./stock-item.service.ts";
// @if include
import { STOCK_ITEM_RELATIONS, type StockItem } from "./stock-item.ts";
// @end (not left to pruning: the delete message's text names the type)
import { stockItemInputSchema, stockItemSchema, toStockItemBody, toStockItemInput } from "./stock-items.schemas.ts";

// @if include
/** A stock item as the API shows it: the relations appear when the request includes them. */
const stockItemBodySchema = stockItemSchema
  .extend({
    // @each parent
    storage_bin: storageBinSchema.optional(),
    // @end
    // @each hasMany
    supply_orders: z.array(supplyOrderSchema).optional(),
    // @end
  })
  .openapi("StockItemWithRelations");

const toBody = (stockItem: StockItem): z.infer<typeof stockItemBodySchema> => ({
  ...toStockItemBody(stockItem),
  // @each parent
  ...(stockItem.storageBin && { storage_bin: toStorageBinBody(stockItem.storageBin) }),
  // @end
  // @each hasMany
  ...(stockItem.supplyOrders && { supply_orders: stockItem.supplyOrders.map(toSupplyOrderBody) }),
  // @end
});

/** One list from `include=a,b` and from `include=a&include=b` (how most clients send an array); `include=` is none. */
const relationNames = (value: unknown) =>
  typeof value === "string" || Array.isArray(value) ? String(value).split(",").filter((name) => name !== "") : value;

/** The relations to load with the read (one query per relation); an unknown name is a 400. */
const include = z
  .preprocess(relationNames, z.array(z.enum(STOCK_ITEM_RELATIONS)))
  .optional()
  .openapi({ param: { name: "include", in: "query", style: "form", explode: false }, example: [/*@each parent join=", "*/"storage_bin"/*@end*//*@if parents && hasMany*/, /*@end*//*@each hasMany join=", "*/"supply_orders"/*@end*/] });
const listWithInclude = listQuery.extend({ include });
const includeQuery = z.strictObject({ include });

// @end
const routes = resourceRoutes({
  tag: "stock-items",
  noun: "stock item",
  names: { one: "StockItem", many: "StockItems" },
  item: /*@if include*/stockItemBodySchema/*@else*/stockItemSchema/*@end*/,
  // @if protected
  security: bearerSecurity,
  // @end
  // @if protected && templateUser
  writers: "the user themself or an administrator",
  // @elif protected && userParent
  writers: "the stock item's user or an administrator",
  // @end
  // @if uniqueFields
  conflicts: true,
  // @end
});
// @if !createRoute
// @elif parents
/** An unknown /*@each parent join=" or "*/storage bin/*@end*/ is a 404 too. */
const create = routes.create("Create a stock item", stockItemInputSchema, [/*@if protected && userParent*/403, /*@end*/404]);
// @else
const create = routes.create("Create a stock item", stockItemInputSchema);
// @end (without the create route, something else creates the rows: `full`'s users register through auth)
// @if include
const list = { ...routes.list("List stock items (oldest first)"), request: { query: listWithInclude } };
const get = { ...routes.get("Get a stock item"), request: { params: idParams, query: includeQuery } };
// @else
const list = routes.list("List stock items (oldest first)");
const get = routes.get("Get a stock item");
// @end
const update = routes.update("Replace a stock item/*@if protected && templateUser*/ (your own; an administrator: anyone's)/*@elif nullableFields*/ (a field left out becomes null)/*@end*/", stockItemInputSchema/*@if protected && userParent || protected && templateUser*/, [403]/*@end*/);
// @if protected && templateUser
const remove = routes.remove(
  "Delete a stock item (your own; an administrator: anyone's). Soft delete; revokes the stock item's refresh tokens",
  [403/*@if children*/, 409/*@end*/],
);
// @elif protected && userParent || children
const remove = routes.remove("Delete a stock item (soft delete: the row keeps its deletion time)", [
  // @if protected && userParent
  403,
  // @end
  // @if children
  409,
  // @end (403: another user's stock item; 409: it still has live supply orders)
]);
// @else
const remove = routes.remove("Delete a stock item (soft delete: the row keeps its deletion time)");
// @end

// @if protected && templateUser || protected && userParent
/**
 // @if templateUser
 * A user changes and deletes only their own record; an administrator everyone's. Checked before the record is looked
 * up, so a refusal does not tell whether the id exists.
 // @else
 * As the users' own routes: a user creates, changes and deletes only their own stock items; an administrator
 * anyone's (FORBIDDEN otherwise).
 // @end
 */
function mayWriteFor(principal: Principal, userId: number): void {
  if (principal.id !== userId && !principal.isAdmin) throw forbidden("You may only /*@if templateUser*/change or delete your own user/*@else*/write your own stock items/*@end*/");
}

// @end
/** The stock items over REST, mounted at /api/v1/stock-items/*@if protected*/ (an access token is required)/*@end*/. */
// @if protected && templateUser
export function stockItemRoutes({
  stockItemService,
  requireAuth,
  userSessions,
}: {
  stockItemService: StockItemService;
  requireAuth: MiddlewareHandler;
  /** A user's change or deletion reaches their sign-in (src/auth/) at once. */
  userSessions: UserSessions;
}) {
  const router = createRouter();
  router.use("*", requireAuth);
  return router
// @elif protected
export function stockItemRoutes({
  stockItemService,
  requireAuth,
}: {
  stockItemService: StockItemService;
  requireAuth: MiddlewareHandler;
}) {
  const router = createRouter();
  router.use("*", requireAuth);
  return router
// @else
export function stockItemRoutes({ stockItemService }: { stockItemService: StockItemService }) {
  return createRouter()
// @end
    // @if createRoute
    .openapi(create, async (c) => {
      // @if protected && userParent
      const input = toStockItemInput(c.req.valid("json"));
      mayWriteFor(c.get("principal"), input.userId);
      const stockItem = await stockItemService.create(input);
      // @else
      const stockItem = await stockItemService.create(toStockItemInput(c.req.valid("json")));
      // @end
      c.header("Location", `${c.req.path.replace(/\/$/, "")}/${stockItem.id}`);
      return c.json(success(/*@if include*/toBody/*@else*/toStockItemBody/*@end*/(stockItem)), 201);
    })
    // @end
    // @if include
    .openapi(list, async (c) => {
      const { include, ...page } = c.req.valid("query");
      return c.json(success((await stockItemService.list(page, include)).map(toBody)), 200);
    })
    .openapi(get, async (c) => {
      const stockItem = await stockItemService.get(c.req.valid("param").id, c.req.valid("query").include);
      return c.json(success(toBody(stockItem)), 200);
    })
    // @else
    .openapi(list, async (c) => {
      const stockItems = await stockItemService.list(c.req.valid("query"));
      return c.json(success(stockItems.map(toStockItemBody)), 200);
    })
    .openapi(get, async (c) => {
      const stockItem = await stockItemService.get(c.req.valid("param").id);
      return c.json(success(toStockItemBody(stockItem)), 200);
    })
    // @end
    .openapi(update, async (c) => {
      // @if protected && templateUser
      const { id } = c.req.valid("param");
      mayWriteFor(c.get("principal"), id);
      const stockItem = await stockItemService.update(id, toStockItemInput(c.req.valid("json")));
      userSessions.changed(id);
      // @elif protected && userParent
      const { id } = c.req.valid("param");
      const input = toStockItemInput(c.req.valid("json"));
      mayWriteFor(c.get("principal"), input.userId);
      mayWriteFor(c.get("principal"), (await stockItemService.get(id)).userId);
      const stockItem = await stockItemService.update(id, input);
      // @else
      const stockItem = await stockItemService.update(c.req.valid("param").id, toStockItemInput(c.req.valid("json")));
      // @end
      return c.json(success(/*@if include*/toBody/*@else*/toStockItemBody/*@end*/(stockItem)), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      // @if protected && templateUser
      mayWriteFor(c.get("principal"), id);
      await stockItemService.delete(id);
      await userSessions.deleted(id);
      // @else
      // @if protected && userParent
      mayWriteFor(c.get("principal"), (await stockItemService.get(id)).userId);
      // @end
      await stockItemService.delete(id);
      // @end
      return c.json({ status: "success" as const, message: `StockItem ${id} deleted` }, 200);
    });
}
// @each parent

const storageBinParams = z.object({
  storageBinId: idParams.shape.id.openapi({ param: { name: "storageBinId", in: "path" } }),
});

/** Creating in a parent: the parent's id comes from the path, and an unknown parent is a 404. */
const createdInStorageBin = routes.create("Create a stock item of a storage bin", stockItemInputSchema.omit({ storage_bin_id: true }), [/*@if protected && templateUser*/403, /*@end*/404]);
const createInStorageBin = {
  ...createdInStorageBin,
  path: "/{storageBinId}/stock-items",
  operationId: "createStorageBinStockItem",
  request: { ...createdInStorageBin.request, params: storageBinParams },
};
const listedStorageBin = routes.list("List the stock items of a storage bin (oldest first)");
const listOfStorageBin = {
  ...listedStorageBin,
  path: "/{storageBinId}/stock-items",
  operationId: "listStorageBinStockItems",
  request: { params: storageBinParams, query: listWithInclude },
  responses: { ...listedStorageBin.responses, ...errorResponses(404) },
};

/** /api/v1/storage-bins/{storageBinId}/stock-items: the stock items of one storage bin. */
// @if protected
export function storageBinStockItemsRoutes({
  stockItemService,
  requireAuth,
}: {
  stockItemService: StockItemService;
  requireAuth: MiddlewareHandler;
}) {
  const router = createRouter();
  router.use("/:storageBinId/stock-items", requireAuth);
  return router
// @else
export function storageBinStockItemsRoutes({ stockItemService }: { stockItemService: StockItemService }) {
  return createRouter()
// @end
    .openapi(createInStorageBin, async (c) => {
      const { storageBinId } = c.req.valid("param");
      // @if protected && templateUser
      mayWriteFor(c.get("principal"), storageBinId);
      // @end (templateUser: this parent is the template's User, so the path's id is the user's)
      const stockItem = await stockItemService.create(toStockItemInput({ ...c.req.valid("json"), storage_bin_id: storageBinId }));
      c.header("Location", `/api/v1/stock-items/${stockItem.id}`);
      return c.json(success(toBody(stockItem)), 201);
    })
    .openapi(listOfStorageBin, async (c) => {
      const { include, ...page } = c.req.valid("query");
      const stockItems = await stockItemService.listByStorageBin(c.req.valid("param").storageBinId, page, include);
      return c.json(success(stockItems.map(toBody)), 200);
    });
}
// @end (per parent, a router mounted at the parent's path: /api/v1/storage-bins/{storageBinId}/stock-items)
