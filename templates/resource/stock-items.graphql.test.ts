import { describe, expect, spyOn, test } from "bun:test";
import { modelAdapters } from "../../test/support/model-adapters.ts";
import { appFromModules } from "../../test/support/modules-app.ts";
import { graphql, type Json } from "../../test/support/test-app.ts";
import { InMemoryUserRepository } from "/*@if templateUser*/.//*@else*/../users//*@end*/users.in-memory.ts";
import { stockItemInput, /*@each related*/storedStorageBin, /*@end*/} from "./stock-items.test-data.ts";

const FIELDS = "id/*@each field*/ displayName/*@end*//*@each parent*/ storageBinId/*@end*/ createdAt updatedAt";
const CREATE = `mutation ($input: /*@if separateInputs*/Create/*@end*/StockItemInput!) { createStockItem(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: /*@if separateInputs*/Update/*@end*/StockItemInput!) { updateStockItem(id: $id, input: $input) { ${FIELDS} } }`;

const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

// @if parents
/** A valid input as GraphQL's JSON: /*@if timeFields*/a time is its ISO string, /*@end*/every parent's id the string "1". */
const input = (n: number): Json => ({
  .../*@if timeFields*/JSON.parse(JSON.stringify(stockItemInput(n)))/*@else*/stockItemInput(n)/*@end*/,
  // @each parent
  storageBinId: "1",
  // @end
});
// @elif timeFields
/** A valid input as GraphQL's JSON: a time is its ISO string. */
const input = (n: number): Json => JSON.parse(JSON.stringify(stockItemInput(n)));
// @else
const input = stockItemInput;
// @end

/** The real app over fresh in-memory repositories/*@if parents*/, with one /*@each parent join=" and one "*/storage bin/*@end*/ (id 1)/*@end*/. */
async function setup() {
  // @note `modelAdapters`: the project has added models (a fresh project's users have none), related to it or not.
  const adapters = { users: new InMemoryUserRepository()/*@if modelAdapters*/, ...modelAdapters()/*@end*/ };
  // @each parent
  await adapters.storageBins.create(storedStorageBin(), new Date());
  // @end
  return { app: appFromModules(adapters), ...adapters };
}

describe("stock items over GraphQL", () => {
  test("createStockItem returns every field/*@if nullableFields*/; a field left out is null/*@end*/", async () => {
    const { app } = await setup();
    const { status, body } = await graphql(app, CREATE, { input: input(1) });
    expect(status).toBe(200);
    expect(body.data.createStockItem).toMatchObject({ id: "1", ...input(1) });
    expect(body.data.createStockItem.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // @if nullableFields
    // @note Only the required fields (and the parents); a one-line object's trailing comma is Biome's to drop.
    const sparse = await graphql(app, CREATE, { input: { /*@each field*//*@if notNull*/displayName: input(2).displayName, /*@end*//*@end*//*@each parent*/storageBinId: "1", /*@end*/} });
    expect(sparse.body.data.createStockItem).toMatchObject({ /*@each field*//*@if nullable*/shortNote: null, /*@end*//*@end*/});
    // @end
  });

  test("stockItem(id) and stockItems(limit, offset): oldest first, null for an unknown id, BAD_USER_INPUT out of range", async () => {
    const { app } = await setup();
    for (const n of [1, 2, 3]) await graphql(app, CREATE, { input: input(n) });
    expect((await graphql(app, `{ stockItem(id: "2") { id } }`)).body).toEqual({ data: { stockItem: { id: "2" } } });
    expect((await graphql(app, `{ stockItem(id: "99") { id } }`)).body).toEqual({ data: { stockItem: null } });
    const page = await graphql(app, "{ stockItems(limit: 2, offset: 1) { id } }");
    expect(page.body.data.stockItems).toEqual([{ id: "2" }, { id: "3" }]);
    const outOfRange = await graphql(app, "{ stockItems(limit: 101) { id } }");
    expect(codes(outOfRange.body)).toEqual(["BAD_USER_INPUT"]);
    expect(outOfRange.body.errors[0].extensions.fields).toEqual([{ field: "limit", message: expect.any(String) }]);
  });

  // @if stringFields || uintFields || parents
  test("an input the checks refuse is BAD_USER_INPUT naming every bad field; nothing is stored", async () => {
    const { app } = await setup();
    // @note Past what the checks allow: a string one character too long, a uint below 0, an id that is not a number.
    const bad = { ...input(1), /*@each field*//*@if email*/displayName: "nope", /*@elif string*/displayName: "x".repeat(256), /*@elif uint*/unitCount: -1, /*@end*//*@end*//*@each parent*/storageBinId: "abc", /*@end*/};
    const { body } = await graphql(app, CREATE, { input: bad });
    expect(codes(body)).toEqual(["BAD_USER_INPUT"]);
    expect(body.errors[0].extensions.fields.map((f: Json) => f.field).sort()).toEqual([
      // @note bodyKey: the fields and each parent's id (a uint) sorted by name, as `.sort()` orders the paths.
      // @each bodyKey
      // @if string || uint
      "input.displayName",
      // @end
      // @end
    ]);
    expect((await graphql(app, "{ stockItems { id } }")).body.data.stockItems).toEqual([]);
  });
  // @end

  // @if stringFields || timeFields
  // @note What one database cannot store is refused on every one: a NUL in text, a time outside the years 1 to 9999.
  test("/*@if stringFields*/a NUL character in text/*@end*//*@if stringFields && timeFields*/ or /*@end*//*@if timeFields*/a time outside the years 1 to 9999/*@end*/ is BAD_USER_INPUT naming the field; nothing is stored", async () => {
    const { app } = await setup();
    const unstorable = { ...input(1), /*@each field*//*@if string*/displayName: "a\u0000b", /*@elif time*/restockedAt: "0000-12-31T23:59:59.999Z", /*@end*//*@end*/};
    const { body } = await graphql(app, CREATE, { input: unstorable });
    expect(codes(body)).toEqual(["BAD_USER_INPUT"]);
    const fields = body.errors[0].extensions.fields.map((f: Json) => f.field);
    // @each field
    // @if string || time
    expect(fields).toContain("input.displayName");
    // @end
    // @end
    expect((await graphql(app, "{ stockItems { id } }")).body.data.stockItems).toEqual([]);
  });
  // @end

  // @if uniqueFields
  // @note Named after the first unique field.
  test("a taken /*@each unique*//*@if first*/display_name/*@end*//*@end*/ is CONFLICT, on create and on update", async () => {
    const { app } = await setup();
    await graphql(app, CREATE, { input: input(1) });
    await graphql(app, CREATE, { input: input(2) });
    expect(codes((await graphql(app, CREATE, { input: input(1) })).body)).toEqual(["CONFLICT"]);
    expect(codes((await graphql(app, UPDATE, { id: "2", input: input(1) })).body)).toEqual(["CONFLICT"]);
  });
  // @end

  test("updateStockItem replaces every field; deleteStockItem soft-deletes; both are NOT_FOUND for an unknown id", async () => {
    const { app } = await setup();
    await graphql(app, CREATE, { input: input(1) });
    const updated = await graphql(app, UPDATE, { id: "1", input: input(2) });
    expect(updated.body.data.updateStockItem).toMatchObject({ id: "1", ...input(2) });
    expect(codes((await graphql(app, UPDATE, { id: "9", input: input(3) })).body)).toEqual(["NOT_FOUND"]);
    expect((await graphql(app, `mutation { deleteStockItem(id: "1") }`)).body).toEqual({ data: { deleteStockItem: true } });
    expect(codes((await graphql(app, `mutation { deleteStockItem(id: "1") }`)).body)).toEqual(["NOT_FOUND"]);
    expect((await graphql(app, `{ stockItem(id: "1") { id } }`)).body.data.stockItem).toBeNull();
  });
  // @each parent

  test("stockItem.storageBin: the storage bin of every stock item of a list in one read; an unknown one is NOT_FOUND", async () => {
    const { app, storageBins } = await setup();
    const unknown = await graphql(app, CREATE, { input: { ...input(1), storageBinId: "99" } });
    expect([codes(unknown.body), unknown.body.errors[0].message]).toEqual([["NOT_FOUND"], "StorageBin 99 not found"]);
    for (let n = 1; n <= 20; n++) await graphql(app, CREATE, { input: input(n) });
    const reads = spyOn(storageBins, "findByIds");
    const { body } = await graphql(app, "{ stockItems(limit: 20) { id storageBin { id } } }");
    expect(body.data.stockItems.map((stockItem: Json) => stockItem.storageBin)).toEqual(Array(20).fill({ id: "1" }));
    expect(reads).toHaveBeenCalledTimes(1);
  });
  // @end
  // @each child

  test("a stock item with live supply orders cannot be deleted (CONFLICT)", async () => {
    const { app, supplyOrders } = await setup();
    await graphql(app, CREATE, { input: input(1) });
    const child = await supplyOrders.create(storedSupplyOrder(), new Date());
    expect(codes((await graphql(app, `mutation { deleteStockItem(id: "1") }`)).body)).toEqual(["CONFLICT"]);
    await supplyOrders.softDelete(child.id, new Date());
    expect((await graphql(app, `mutation { deleteStockItem(id: "1") }`)).body.data.deleteStockItem).toBe(true);
  });
  // @end
  // @each hasMany

  test("stockItem.supplyOrders: the supply orders of every stock item of a list in one read", async () => {
    const { app, supplyOrders } = await setup();
    for (const n of [1, 2]) await graphql(app, CREATE, { input: input(n) });
    const child = await supplyOrders.create(storedSupplyOrder(), new Date());
    const reads = spyOn(supplyOrders, "findByStockItemIds");
    const { body } = await graphql(app, "{ stockItems { id supplyOrders { id } } }");
    expect(body.data.stockItems).toEqual([
      { id: "1", supplyOrders: [{ id: String(child.id) }] },
      { id: "2", supplyOrders: [] },
    ]);
    expect(reads).toHaveBeenCalledTimes(1);
  });
  // @end
});
