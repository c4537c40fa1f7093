import { describe, expect, test } from "bun:test";
import { StockItemService } from "./stock-item.service.ts";
import { InMemoryStockItemRepository } from "./stock-items.in-memory.ts";
// @each parent
import { InMemoryStorageBinRepository } from "../storage-bins/storage-bins.in-memory.ts";
// @end
// @each child
import { InMemorySupplyOrderRepository } from "../supply-orders/supply-orders.in-memory.ts";
// @end
import { stockItemInput, /*@each related*/storedStorageBin, /*@end*/} from "./stock-items.test-data.ts";

async function setup() {
  let tick = 0;
  const stockItems = new InMemoryStockItemRepository();
  // @each parent
  const storageBins = new InMemoryStorageBinRepository();
  // @end
  // @each child
  const supplyOrders = new InMemorySupplyOrderRepository();
  // @end
  const clock = () => new Date(Date.UTC(2025, 0, 1) + tick++ * 1_000);
  const service = new StockItemService({ stockItems, /*@each parent*/storageBins, /*@end*//*@each child*/supplyOrders, /*@end*/clock });
  // @each parent
  await storageBins.create(storedStorageBin(), clock());
  // @end
  // @if createRoute
  const create = (n: number) => service.create(input(n));
  // @else
  // @note Something else creates the rows (full's users register through auth): the test stores them directly.
  const create = (n: number) => stockItems.create({ ...input(n), /*@each hidden*/displayName: `display name ${n}`, /*@end*/}, clock());
  // @end
  return { stockItems, /*@each parent*/storageBins, /*@end*//*@each child*/supplyOrders, /*@end*/service, create };
}

/** The tests' valid input, written once in stock-items.test-data.ts. */
const input = stockItemInput;

describe("StockItemService", () => {
  // @if createRoute
  test("create stores every field/*@if nullableFields*/; a field left out is null/*@end*/", async () => {
    const { service } = await setup();
    const stockItem = await service.create(input(1));
    expect(stockItem).toMatchObject({ id: 1, ...input(1) });
    expect(stockItem.createdAt).toEqual(stockItem.updatedAt);
    // @if nullableFields
    const sparse = await service.create({ /*@each field*//*@if notNull*/displayName: input(2).displayName, /*@end*//*@end*//*@each parent*/storageBinId: 1, /*@end*/});
    expect(sparse).toMatchObject({ /*@each field*//*@if nullable*/shortNote: null, /*@end*//*@end*/});
    // @end (Biome drops the trailing commas of these one-line objects)
  });

  // @end
  // @if uniqueFields
  test("a taken /*@each unique*//*@if first*/display_name/*@end*//*@end*/ is a CONFLICT on /*@if createRoute*/create and /*@end*/update", async () => {
    const { service, create } = await setup();
    await create(1);
    const other = await create(2);
    // @if createRoute
    await expect(service.create(input(1))).rejects.toMatchObject({ code: "CONFLICT" });
    // @end
    await expect(service.update(other.id, input(1))).rejects.toMatchObject({ code: "CONFLICT" });
  });
  // @end

  test("get and list with paging; unknown ids are NOT_FOUND", async () => {
    const { service, create } = await setup();
    const a = await create(1);
    const b = await create(2);
    expect(await service.get(a.id)).toEqual(a);
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([a, b]);
    expect(await service.list({ limit: 1, offset: 1 })).toEqual([b]);
    await expect(service.get(99)).rejects.toMatchObject({ code: "NOT_FOUND", message: "StockItem 99 not found" });
  });

  test("update replaces every field and moves the update time; unknown ids are NOT_FOUND", async () => {
    const { service, create } = await setup();
    const a = await create(1);
    const updated = await service.update(a.id, input(3));
    expect(updated).toMatchObject({ ...input(3), id: a.id, createdAt: a.createdAt });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());
    await expect(service.update(99, input(4))).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
  // @if hiddenFields

  test("/*@each hidden join=" and "*/display_name/*@end*/: stored at create, never read back, kept by an update", async () => {
    const { stockItems, service, create } = await setup();
    const a = await create(1);
    // @each hidden
    expect(a).not.toHaveProperty("displayName");
    // @end
    await service.update(a.id, input(3));
    expect(stockItems.rows[0]).toMatchObject({ /*@each hidden*/displayName: "display name 1", /*@end*/});
  });
  // @end

  test("delete is soft and hides the stock item; deleting again is NOT_FOUND", async () => {
    const { stockItems, service, create } = await setup();
    const a = await create(1);
    await service.delete(a.id);
    expect(stockItems.rows[0]?.deletedAt).toBeInstanceOf(Date);
    await expect(service.get(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([]);
    await expect(service.delete(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
  // @each parent

  // @if rest
  test("a stock item needs a live storage bin: NOT_FOUND otherwise; listByStorageBin and include=storage_bin", async () => {
    const { storageBins, service } = await setup();
  // @else (GraphQL: no parent lists or include; listByStorageBinIds when the parent lists its stock items)
  test("a stock item needs a live storage bin: NOT_FOUND otherwise/*@if listsSelf*/; listByStorageBinIds/*@end*/", async () => {
    const { service } = await setup();
  // @end
    await expect(service.create({ ...input(1), storageBinId: 99 })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "StorageBin 99 not found",
    });
    const a = await service.create(input(1));
    await expect(service.update(a.id, { ...input(2), storageBinId: 99 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // @if rest
    expect(await service.listByStorageBin(1, { limit: 10, offset: 0 })).toEqual([a]);
    await expect(service.listByStorageBin(99, { limit: 10, offset: 0 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const withParent = await service.get(a.id, ["storage_bin"]);
    expect(withParent.storageBin).toEqual(await storageBins.findById(1));
    expect((await service.get(a.id)).storageBin).toBeUndefined();
    // @elif listsSelf
    expect(await service.listByStorageBinIds([1, 99])).toEqual([a]);
    // @end
  });
  // @end
  // @each child

  test("a stock item with live supply orders cannot be deleted (CONFLICT)", async () => {
    const { supplyOrders, service, create } = await setup();
    const a = await create(1);
    const child = await supplyOrders.create(storedSupplyOrder(), new Date());
    await expect(service.delete(a.id)).rejects.toMatchObject({ code: "CONFLICT" });
    await supplyOrders.softDelete(child.id, new Date());
    await service.delete(a.id);
  });
  // @end
  // @if graphql && children

  test("getByIds reads several stock items at once, leaving out unknown and deleted ones", async () => {
    const { service, create } = await setup();
    const a = await create(1);
    const b = await create(2);
    await service.delete(b.id);
    expect(await service.getByIds([a.id, b.id, 99])).toEqual([a]);
  });
  // @end
  // @if rest
  // @each hasMany

  test("include=supply_orders loads the supply orders of every stock item read", async () => {
    const { supplyOrders, service, create } = await setup();
    const a = await create(1);
    const b = await create(2);
    const child = await supplyOrders.create(storedSupplyOrder(), new Date());
    const [first, second] = await service.list({ limit: 10, offset: 0 }, ["supply_orders"]);
    expect([first?.supplyOrders, second?.supplyOrders]).toEqual([[child], []]);
    expect((await service.get(b.id, ["supply_orders"])).supplyOrders).toEqual([]);
    expect((await service.get(a.id)).supplyOrders).toBeUndefined();
  });
  // @end
  // @end
});
