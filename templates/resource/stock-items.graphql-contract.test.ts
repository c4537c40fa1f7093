import { describe, expect, test } from "bun:test";
import { ContractWalk, expectError } from "../../test/support/graphql-contract.ts";
import type { /*@if separateInputs*/Create/*@end*/StockItemInput } from "../../test/support/graphql-operations/graphql.ts";
import { graphql } from "../../test/support/graphql-operations/index.ts";
import { modelAdapters } from "../../test/support/model-adapters.ts";
import { appFromModules } from "../../test/support/modules-app.ts";
import { InMemoryUserRepository } from "/*@if templateUser*/.//*@else*/../users//*@end*/users.in-memory.ts";
import { stockItemInput, /*@each related*/storedStorageBin, /*@end*/} from "./stock-items.test-data.ts";

// The operations as a client writes them: `npm run codegen` (run by `npm test` and `npm run typecheck`) types each
// from the schema, so the compiler checks every variable and every field read below.
graphql(`
  fragment StockItemFields on StockItem {
    id/*@each field*/ displayName/*@end*//*@each parent*/ storageBinId/*@end*/ createdAt updatedAt
  }
`);
const LIST = graphql(`
  query StockItems($limit: Int, $offset: Int) {
    stockItems(limit: $limit, offset: $offset) {
      ...StockItemFields/*@each parent*/
      storageBin { id }/*@end*//*@each hasMany*/
      supplyOrders { id }/*@end*/
    }
  }
`);
const GET = graphql(`
  query StockItem($id: ID!) {
    stockItem(id: $id) { ...StockItemFields }
  }
`);
const CREATE = graphql(`
  mutation CreateStockItem($input: /*@if separateInputs*/Create/*@end*/StockItemInput!) {
    createStockItem(input: $input) { ...StockItemFields }
  }
`);
const UPDATE = graphql(`
  mutation UpdateStockItem($id: ID!, $input: /*@if separateInputs*/Update/*@end*/StockItemInput!) {
    updateStockItem(id: $id, input: $input) { ...StockItemFields }
  }
`);
const DELETE = graphql(`
  mutation DeleteStockItem($id: ID!) {
    deleteStockItem(id: $id)
  }
`);

// @if parents
/** A valid input as the generated type has it: /*@if timeFields*/a time is its ISO string, /*@end*/every parent's id the string "1". */
const input = (n: number): /*@if separateInputs*/Create/*@end*/StockItemInput => ({
  .../*@if timeFields*/JSON.parse(JSON.stringify(stockItemInput(n)))/*@else*/stockItemInput(n)/*@end*/,
  // @each parent
  storageBinId: "1",
  // @end
});
// @elif timeFields
/** A valid input as the generated type has it: a time is its ISO string. */
const input = (n: number): /*@if separateInputs*/Create/*@end*/StockItemInput => JSON.parse(JSON.stringify(stockItemInput(n)));
// @else
const input: (n: number) => /*@if separateInputs*/Create/*@end*/StockItemInput = stockItemInput;
// @end

/** The real app over fresh in-memory repositories/*@if parents*/, with one /*@each parent join=" and one "*/storage bin/*@end*/ (id 1)/*@end*/. */
async function setup() {
  // @note `modelAdapters`: the project has added models (a fresh project's users have none), related to it or not.
  const adapters = { users: new InMemoryUserRepository()/*@if modelAdapters*/, ...modelAdapters()/*@end*/ };
  // @each parent
  await adapters.storageBins.create(storedStorageBin(), new Date());
  // @end
  return { walk: new ContractWalk(appFromModules(adapters)), ...adapters };
}

// One service for the whole walk: each step reads what the steps before it wrote.
const { walk/*@if children*/, /*@each child join=", "*/supplyOrders/*@end*//*@end*/ } = await setup();

describe("the stock items' GraphQL contract: every operation, its answer checked against the schema", () => {
  test("createStockItem: the stock item; BAD_USER_INPUT for a null input/*@if parents*/, NOT_FOUND for an unknown /*@each parent join=" or "*/storage bin/*@end*//*@end*//*@if uniqueFields*/, CONFLICT for a taken unique field/*@end*/", async () => {
    const created = await walk.run(CREATE, { input: input(1) });
    expect(created.data?.createStockItem.id).toBe("1");
    expect((await walk.run(CREATE, { input: input(2) })).data?.createStockItem.id).toBe("2");
    expectError(await walk.send(CREATE, { input: null }), "BAD_USER_INPUT");
    // @each parent
    expectError(await walk.run(CREATE, { input: { ...input(3), storageBinId: "99" } }), "NOT_FOUND");
    // @end
    // @if uniqueFields
    expectError(await walk.run(CREATE, { input: input(1) }), "CONFLICT");
    // @end
  });

  test("stockItem(id): the stock item, null for an unknown id, BAD_USER_INPUT for an id that is not a positive integer", async () => {
    const read = await walk.run(GET, { id: "2" });
    expect(read.data?.stockItem?.id).toBe("2");
    expect((await walk.run(GET, { id: "99" })).data).toEqual({ stockItem: null });
    expectError(await walk.run(GET, { id: "0" }), "BAD_USER_INPUT");
  });

  test("stockItems(limit, offset): oldest first/*@each parent*/, with its storage bin/*@end*//*@each hasMany*/, with its supply orders/*@end*/; BAD_USER_INPUT for a limit over 100", async () => {
    const page = await walk.run(LIST, { limit: 2, offset: 0 });
    expect(page.data?.stockItems.map((stockItem) => stockItem.id)).toEqual(["1", "2"]);
    // @each parent
    expect(page.data?.stockItems[0]?.storageBin.id).toBe("1");
    // @end
    // @each hasMany
    expect(page.data?.stockItems[0]?.supplyOrders).toEqual([]);
    // @end
    expectError(await walk.run(LIST, { limit: 101 }), "BAD_USER_INPUT");
  });

  test("updateStockItem: every field replaced; NOT_FOUND for an unknown id", async () => {
    const updated = await walk.run(UPDATE, { id: "2", input: input(3) });
    expect(updated.data?.updateStockItem.updatedAt).toBeString();
    expectError(await walk.run(UPDATE, { id: "99", input: input(4) }), "NOT_FOUND");
  });

  test("deleteStockItem: true, then NOT_FOUND/*@if children*/; CONFLICT while it has /*@each child join=" or "*/supply orders/*@end*//*@end*/", async () => {
    // @each child
    const supplyOrder = await supplyOrders.create(storedSupplyOrder(), new Date());
    expectError(await walk.run(DELETE, { id: "1" }), "CONFLICT");
    await supplyOrders.softDelete(supplyOrder.id, new Date());
    // @end
    expect((await walk.run(DELETE, { id: "1" })).data).toEqual({ deleteStockItem: true });
    expectError(await walk.run(DELETE, { id: "1" }), "NOT_FOUND");
  });

  test("the walk answered every query and mutation of stock-items.graphql", () => {
    walk.expectEveryOperationWalked(new URL("./stock-items.graphql", import.meta.url));
  });
});
