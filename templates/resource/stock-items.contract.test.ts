import { describe, expect, test } from "bun:test";
import { type ContractClient, openContract, refusedBodyStatuses } from "../../test/support/contract.ts";
import { createTestApp/*@if full*/, registerUser/*@end*/ } from "../../test/support/test-app.ts";
import { stockItemBody } from "./stock-items.test-data.ts";
// @each prerequisite
// @if !templateUser
import { storageBinBody } from "../storage-bins/storage-bins.test-data.ts";
// @end
// @end
// @each child
import { supplyOrderBody } from "../supply-orders/supply-orders.test-data.ts";
// @end

// @note The walk drives the client generated from the document (test/support/contract.ts): every path, parameter and
// @note body below is checked by tsc against the document's types, every answer against the document itself.
// @each prerequisite
// @if templateUser && full
/** The user the test signed up (registerUser, id 1): a user writes only their own stock items. */
const createUser = async (_api: ContractClient): Promise<number> => 1;
// @elif templateUser
let userCount = 0;

/** Creates a user through the client (a new e-mail each time) and answers its id. */
async function createUser(api: ContractClient): Promise<number> {
  const { data } = await api.POST("/api/v1/users", { body: { email: `user${++userCount}@example.com` } });
  if (!data) throw new Error("creating a user failed");
  return data.data.id;
}
// @else
/** Creates a storage bin through the client (its parents first) and answers its id. */
async function createStorageBin(api: ContractClient, n = 1): Promise<number> {
  const { data } = await api.POST("/api/v1/storage-bins", {
    body: {
      ...storageBinBody(n),
      // @each parent
      storage_bin_id: await createStorageBin(api),
      // @end
    },
  });
  if (!data) throw new Error("creating a storage bin failed");
  return data.data.id;
}
// @end

// @end
// @if ids
type Ids = { /*@each parent join="; "*/storage_bin_id: number/*@end*/ };

/** A valid body; `n` makes it differ from the others. */
const body = (n: number, ids: Ids) => ({
  ...stockItemBody(n),
  // @each parent
  storage_bin_id: ids.storage_bin_id,
  // @end
});
// @else
const body = stockItemBody;
// @end

// @each parent
/**
 * The routes under a storage bin, through `api`: create and list there, an unknown storage bin, the same values again
 * (`repeated`: the status that answers), refused bodies. With `refusedWith` (a client without a token), each request
 * but the refused bodies answers that status instead.
 */
async function walkUnderStorageBin(api: ContractClient, ids: Ids, repeated: number, refusedWith?: number) {
  const inParent = { params: { path: { storageBinId: ids.storage_bin_id } } };
  const noParent = { params: { path: { storageBinId: 999 } } };
  const { storage_bin_id: _, ...fields } = body(4, ids);
  const answers = [
    await api.POST("/api/v1/storage-bins/{storageBinId}/stock-items", { ...inParent, body: fields }),
    await api.GET("/api/v1/storage-bins/{storageBinId}/stock-items", inParent),
    await api.GET("/api/v1/storage-bins/{storageBinId}/stock-items", noParent),
    await api.GET("/api/v1/storage-bins/{storageBinId}/stock-items", { params: { ...inParent.params, query: { limit: 0 } } }),
    await api.POST("/api/v1/storage-bins/{storageBinId}/stock-items", { ...noParent, body: fields }),
    await api.POST("/api/v1/storage-bins/{storageBinId}/stock-items", { ...inParent, body: fields }),
  ];
  const expected = [
    201,
    200,
    404,
    400,
    /*@if protected && templateUser*/403/*@else*/404/*@end*/,
    repeated,
  ];
  expect(answers.map(({ response }) => response.status)).toEqual(expected.map((status) => refusedWith ?? status));
  if (refusedWith !== undefined) return;
  const refused = refusedBodyStatuses((options) =>
    api.POST("/api/v1/storage-bins/{storageBinId}/stock-items", { ...inParent, body: fields, ...options }),
  );
  expect(await refused).toEqual([400, 413, 415]);
}

// @end
describe("stock items: the OpenAPI contract", () => {
  test("every operation answers as the document says, for success and each documented error", async () => {
    // @note An administrator may write for any user: the one way to name an unknown user (404) rather than another (403).
    const { app } = createTestApp(/*@if protected && userParent*/{ adminEmails: ["admin@example.com"] }/*@end*/);
    const contract = await openContract(app);
    // @if full
    const { access_token: token } = await registerUser(app);
    const api = contract.client(app, token);
    // @else
    const api = contract.client(app);
    // @end
    // @if ids
    const ids = { /*@each parent join=", "*/storage_bin_id: await createStorageBin(api)/*@end*/ };
    // @end

    const created = await api.POST("/api/v1/stock-items", { body: body(1/*@if ids*/, ids/*@end*/) });
    expect(created.response.status).toBe(201);
    const id = created.data?.data.id ?? 0;
    // @note One line as the template's users render it; add-model's Biome wraps it for longer names.
    const refused = refusedBodyStatuses((options) => api.POST("/api/v1/stock-items", { body: body(3/*@if ids*/, ids/*@end*/), ...options }));
    expect(await refused).toEqual([400, 413, 415]);
    const refusals: { response: Response }[] = [
      // @if uniqueFields
      await api.POST("/api/v1/stock-items", { body: body(1/*@if ids*/, ids/*@end*/) }),
      // @end
      // @each parent
      await api.POST("/api/v1/stock-items", { body: { ...body(3, ids), storage_bin_id: 999 } }),
      // @end
      // @note Values the client's types allow and the service refuses: the document must refuse them too.
      // @each field
      // @if integer
      await api.POST("/api/v1/stock-items", { body: { ...body(3/*@if ids*/, ids/*@end*/), stock_delta: 1.5 } }),
      // @elif email
      await api.POST("/api/v1/stock-items", { body: { ...body(3/*@if ids*/, ids/*@end*/), display_name: "a@example.c" } }),
      // @end
      // @end
    ];
    expect(refusals.map(({ response }) => response.status)).toEqual([
      // @if uniqueFields
      409,
      // @end
      // @each parent
      /*@if protected && templateUser*/403/*@else*/404/*@end*/,
      // @end
      // @each field
      // @if integer || email
      400,
      // @end
      // @end
    ]);

    expect((await api.GET("/api/v1/stock-items")).response.status).toBe(200);
    expect((await api.GET("/api/v1/stock-items", { params: { query: { limit: 0 } } })).response.status).toBe(400);
    const item = { params: { path: { id } } };
    expect((await api.GET("/api/v1/stock-items/{id}", item)).response.status).toBe(200);
    // @if parents || hasMany
    // @note Every relation the model has, in one request (the array is written where the client's types reach it).
    const included = await api.GET("/api/v1/stock-items/{id}", {
      params: { path: { id }, query: { include: [/*@each parent join=", "*/"storage_bin"/*@end*//*@if parents && hasMany*/, /*@end*//*@each hasMany join=", "*/"supply_orders"/*@end*/] } },
    });
    expect(included.response.status).toBe(200);
    const listed = await api.GET("/api/v1/stock-items", { params: { query: { include: [/*@each parent join=", "*/"storage_bin"/*@end*//*@if parents && hasMany*/, /*@end*//*@each hasMany join=", "*/"supply_orders"/*@end*/] } } });
    expect(listed.response.status).toBe(200);
    // A relation the model does not have (sent as raw query text: the client's types may allow only the real ones).
    const unknownRelation = { ...item, querySerializer: () => "include=nothing" };
    expect((await api.GET("/api/v1/stock-items/{id}", unknownRelation)).response.status).toBe(400);
    // @end
    expect((await api.GET("/api/v1/stock-items/{id}", { params: { path: { id: 999 } } })).response.status).toBe(404);
    expect((await api.GET("/api/v1/stock-items/{id}", { params: { path: { id: 0 } } })).response.status).toBe(400);

    const replaced = await api.PUT("/api/v1/stock-items/{id}", { ...item, body: body(3/*@if ids*/, ids/*@end*/) });
    expect(replaced.response.status).toBe(200);
    const missing = { params: { path: { id: 999 } }, body: body(3/*@if ids*/, ids/*@end*/) };
    expect((await api.PUT("/api/v1/stock-items/{id}", missing)).response.status).toBe(404);
    const putRefused = refusedBodyStatuses((options) =>
      api.PUT("/api/v1/stock-items/{id}", { ...item, body: body(3/*@if ids*/, ids/*@end*/), ...options }),
    );
    expect(await putRefused).toEqual([400, 413, 415]);
    // @if uniqueFields
    const second = await api.POST("/api/v1/stock-items", { body: body(2/*@if ids*/, ids/*@end*/) });
    const taken = { params: { path: { id: second.data?.data.id ?? 0 } }, body: body(3/*@if ids*/, ids/*@end*/) };
    expect((await api.PUT("/api/v1/stock-items/{id}", taken)).response.status).toBe(409);
    // @end

    // @if parents
    // @note Inside `@each parent` the flags are the parent's: the model's own are read before it.
    const repeated = /*@if uniqueFields*/409/*@else*/201/*@end*/;
    // @each parent
    await walkUnderStorageBin(api, ids, repeated);
    // @end
    // @if protected
    // @each parent
    await walkUnderStorageBin(contract.client(app), ids, repeated, 401);
    // @end
    // @end
    // @end
    // @if protected
    const anonymous = contract.client(app);
    const unauthorized = [
      await anonymous.POST("/api/v1/stock-items", { body: body(5/*@if ids*/, ids/*@end*/) }),
      await anonymous.GET("/api/v1/stock-items"),
      await anonymous.GET("/api/v1/stock-items/{id}", item),
      await anonymous.PUT("/api/v1/stock-items/{id}", { ...item, body: body(5/*@if ids*/, ids/*@end*/) }),
      await anonymous.DELETE("/api/v1/stock-items/{id}", item),
    ];
    expect(unauthorized.map(({ response }) => response.status).filter((status) => status !== 401)).toEqual([]);

    // @end
    // @if protected && userParent
    const { access_token: otherToken } = await registerUser(app, "grace@example.com");
    const other = contract.client(app, otherToken);
    const forbidden = [
      await other.PUT("/api/v1/stock-items/{id}", { ...item, body: body(5, ids) }),
      await other.DELETE("/api/v1/stock-items/{id}", item),
    ];
    expect(forbidden.map(({ response }) => response.status)).toEqual([403, 403]);
    const { access_token: adminToken } = await registerUser(app, "admin@example.com");
    const asAdmin = contract.client(app, adminToken);
    const { user_id: _, ...fields } = body(6, ids);
    const unknownUser = [
      await asAdmin.POST("/api/v1/stock-items", { body: { ...fields, user_id: 999 } }),
      await asAdmin.POST("/api/v1/users/{userId}/stock-items", { params: { path: { userId: 999 } }, body: fields }),
    ];
    expect(unknownUser.map(({ response }) => response.status)).toEqual([404, 404]);

    // @end
    // @each child
    {
      // A block per kind of child, each with its own `child`.
      const child = await api.POST("/api/v1/supply-orders", {
        body: {
          ...supplyOrderBody(1),
          // @each parent
          // @if self
          stock_item_id: id,
          // @else
          storage_bin_id: await createStorageBin(api),
          // @end
          // @end
        },
      });
      expect(child.response.status).toBe(201);
      expect((await api.DELETE("/api/v1/stock-items/{id}", item)).response.status).toBe(409);
      await api.DELETE("/api/v1/supply-orders/{id}", { params: { path: { id: child.data?.data.id ?? 0 } } });
    }
    // @end
    expect((await api.DELETE("/api/v1/stock-items/{id}", item)).response.status).toBe(200);
    expect((await api.DELETE("/api/v1/stock-items/{id}", item)).response.status).toBe(404);
    expect((await api.DELETE("/api/v1/stock-items/{id}", { params: { path: { id: 0 } } })).response.status).toBe(400);

    expect(contract.mismatches).toEqual([]);
    const walked = [
      "/api/v1/stock-items",
      "/api/v1/stock-items/{id}",
      // @each parent
      "/api/v1/storage-bins/{storageBinId}/stock-items",
      // @end
    ];
    expect(contract.uncovered(walked)).toEqual([]);
  });
});
