import { describe, expect, test } from "bun:test";
import { call, createTestApp, type Json, registerUser, type TestApp } from "../../test/support/test-app.ts";
import { stockItemBody } from "./stock-items.test-data.ts";
// @each prerequisite
// @if !templateUser
import { storageBinBody } from "../storage-bins/storage-bins.test-data.ts";
// @end
// @end
// @each child
import { supplyOrderBody } from "../supply-orders/supply-orders.test-data.ts";
// @end

// @note `ids`: the model has parents. setup() creates them and the tests pass their ids: `body(n, ids)`, and `body(n)`
// @note for a model without parents. (`parents` cannot say it inside `@each child`, where it is the child's.)
// @if ids
type Ids = { /*@each parent join="; "*/storage_bin_id: number/*@end*/ };

// @end
/** The routes' client: JSON in and out, through `app.request()`. */
// @if full
function client(app: TestApp, token: string) {
  return {
    get: (path: string) => call(app, "GET", path, undefined, token),
    post: (path: string, body: unknown) => call(app, "POST", path, body, token),
    put: (path: string, body: unknown) => call(app, "PUT", path, body, token),
    delete: (path: string) => call(app, "DELETE", path, undefined, token),
  };
}
// @else
function client(app: TestApp) {
  return {
    get: (path: string) => call(app, "GET", path),
    post: (path: string, body: unknown) => call(app, "POST", path, body),
    put: (path: string, body: unknown) => call(app, "PUT", path, body),
    delete: (path: string) => call(app, "DELETE", path),
  };
}
// @end

// @note Each model a test creates over HTTP first, spelled as the sample parent: the parents (theirs first) and the
// @note children's other parents. The template's User comes first when any of them belongs to it.
// @if prerequisites || children
type Api = ReturnType<typeof client>;

// @end
// @each prerequisite
// @if templateUser && full
/** The user the test signed up (registerUser, id 1): a user writes only their own stock items. */
const createUser = async (_api: Api): Promise<number> => 1;
// @elif templateUser
let userCount = 0;

/** Creates a user over HTTP (a new e-mail each time) and answers its id. */
async function createUser(api: Api): Promise<number> {
  const { status, body } = await api.post("/api/v1/users", { email: `user${++userCount}@example.com` });
  if (status !== 201) throw new Error(`creating a user failed: ${status}`);
  return body.data.id;
}
// @else
/** Creates a storage bin over HTTP (its parents first) and answers its id. */
async function createStorageBin(api: Api, n = 1): Promise<number> {
  // @if parents
  const { status, body } = await api.post("/api/v1/storage-bins", {
    ...storageBinBody(n),
    // @note Inside `@each parent` the storage bin stands for a parent of the model created here.
    // @each parent
    storage_bin_id: await createStorageBin(api),
    // @end
  });
  // @else
  const { status, body } = await api.post("/api/v1/storage-bins", storageBinBody(n));
  // @end
  if (status !== 201) throw new Error(`creating a storage bin failed: ${status}`);
  return body.data.id;
}
// @end

// @end
// @each child
/** Posts a supply order of stock item 1 and answers the response; any other parent of it is created first. */
async function createSupplyOrder(api: Api) {
  return api.post("/api/v1/supply-orders", {
    ...supplyOrderBody(1),
    // @each parent
    // @if self
    stock_item_id: 1,
    // @else
    storage_bin_id: await createStorageBin(api),
    // @end
    // @end
  });
}

// @end
async function setup() {
  const { app } = createTestApp();
  // @if full
  const { access_token: token } = await registerUser(app);
  const api = client(app, token);
  // @else
  const api = client(app);
  // @end
  // @if ids
  const ids = { /*@each parent join=", "*/storage_bin_id: await createStorageBin(api)/*@end*/ };
  // @end
  return { app, api/*@if full*/, token/*@end*//*@if ids*/, ids/*@end*/ };
}

/** A valid body; `n` makes it differ from the others. */
// @if ids
const body = (n: number, ids: Ids) => ({
  ...stockItemBody(n),
  // @each parent
  storage_bin_id: ids.storage_bin_id,
  // @end
});
// @else
const body = stockItemBody;
// @end

// @if nullableFields
/** The optional fields, as a body that leaves them out stores them. */
const LEFT_OUT = {
  // @each field
  // @if nullable
  short_note: null,
  // @end
  // @end
};

// @end
describe("stock items routes", () => {
  test("POST creates a stock item: 201, the envelope and a Location header", async () => {
    const { app/*@if nullableFields*/, api/*@end*//*@if full*/, token/*@end*//*@if ids*/, ids/*@end*/ } = await setup();
    const created = await app.request("/api/v1/stock-items", {
      method: "POST",
      headers: { "content-type": "application/json"/*@if full*/, authorization: `Bearer ${token}`/*@end*/ },
      body: JSON.stringify(body(1/*@if ids*/, ids/*@end*/)),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe("/api/v1/stock-items/1");
    const json: Json = await created.json();
    expect(json).toEqual({
      status: "success",
      data: { id: 1, ...body(1/*@if ids*/, ids/*@end*/), created_at: expect.any(String), updated_at: expect.any(String) },
    });
    expect(new Date(json.data.created_at).toISOString()).toBe(json.data.created_at);
    // @if nullableFields
    // @note Only the required fields: the others are stored as null.
    const sparse = await api.post("/api/v1/stock-items", {
      // @each field
      // @if notNull
      display_name: body(2/*@if ids*/, ids/*@end*/).display_name,
      // @end
      // @end
      // @each parent
      storage_bin_id: ids.storage_bin_id,
      // @end
    });
    expect(sparse.status).toBe(201);
    expect(sparse.body.data).toMatchObject(LEFT_OUT);
    // @end
  });

  test("POST and PUT: 400 naming every field of the wrong type", async () => {
    const { api } = await setup();
    const wrong = {
      // @each field
      // @if string
      display_name: 42,
      // @elif int
      stock_delta: 1.5,
      // @elif uint
      unit_count: -1,
      // @elif float64
      unit_price: "many",
      // @elif bool
      is_active: "yes",
      // @elif time
      restocked_at: "yesterday",
      // @end
      // @end
      // @each parent
      storage_bin_id: "one",
      // @end
    };
    const invalid = await api.post("/api/v1/stock-items", wrong);
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe("VALIDATION_ERROR");
    const paths = invalid.body.error.details.map((detail: { path: string }) => detail.path);
    // @note Every key of the body (the fields and the parents' ids), sorted.
    expect([...new Set(paths)].sort()).toEqual([
      // @each bodyKey
      "display_name",
      // @end
    ]);
    expect((await api.put("/api/v1/stock-items/1", wrong)).status).toBe(400);
    // @if notNullFields || ids
    expect((await api.post("/api/v1/stock-items", {})).status).toBe(400);
    // @end
    expect((await api.post("/api/v1/stock-items", "not json")).status).toBe(400);
  });

  // @if stringFields || timeFields
  // @note What one database cannot store is refused on every one: a NUL in text, a time outside the years 1 to 9999.
  test("POST and PUT: /*@if stringFields*/a NUL character in text/*@end*//*@if stringFields && timeFields*/ or /*@end*//*@if timeFields*/a time outside the years 1 to 9999/*@end*/ is a 400 naming the field", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    const unstorable = {
      ...body(1/*@if ids*/, ids/*@end*/),
      // @each field
      // @if string
      display_name: "a\u0000b",
      // @elif time
      restocked_at: "0000-12-31T23:59:59.999Z",
      // @end
      // @end
    };
    const refused = [await api.post("/api/v1/stock-items", unstorable), await api.put("/api/v1/stock-items/1", unstorable)];
    for (const answer of refused) {
      expect([answer.status, answer.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
      const paths = answer.body.error.details.map((detail: { path: string }) => detail.path);
      // @each field
      // @if string || time
      expect(paths).toContain("display_name");
      // @end
      // @end
    }
    // @if timeFields
    const earliest = {
      ...body(1/*@if ids*/, ids/*@end*/),
      // @each field
      // @if time
      restocked_at: "0001-01-01T00:00:00.000Z",
      // @end
      // @end
    };
    const created = await api.post("/api/v1/stock-items", earliest);
    expect([created.status, created.body.data]).toEqual([201, expect.objectContaining(earliest)]);
    // @end
  });

  // @end
  test("POST and PUT: an unknown key (a typo, id, a timestamp) is a 400 naming it", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    // @note The typo is the first field's name with its last two letters swapped.
    for (const key of ["id", "created_at", /*@each typo*/"display_naem"/*@end*/]) {
      const unknown = { ...body(2/*@if ids*/, ids/*@end*/), [key]: 1 };
      const answers = [await api.post("/api/v1/stock-items", unknown), await api.put("/api/v1/stock-items/1", unknown)];
      for (const answer of answers) {
        const expected = [{ path: key, message: `Unknown key "${key}"` }];
        expect([key, answer.status, answer.body.error.details]).toEqual([key, 400, expected]);
      }
    }
    expect((await api.get("/api/v1/stock-items/1")).body.data).toMatchObject(body(1/*@if ids*/, ids/*@end*/));
  });

  // @if uniqueFields
  // @note Named after the first unique field.
  test("a taken /*@each unique*//*@if first*/display_name/*@end*//*@end*/ is a 409 CONFLICT on POST and PUT", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    await api.post("/api/v1/stock-items", body(2/*@if ids*/, ids/*@end*/));
    const taken = await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    expect([taken.status, taken.body.error.code]).toEqual([409, "CONFLICT"]);
    expect((await api.put("/api/v1/stock-items/2", body(1/*@if ids*/, ids/*@end*/))).status).toBe(409);
  });

  // @end
  test("list pages with limit and offset; 400 outside their bounds", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    for (const n of [1, 2, 3]) await api.post("/api/v1/stock-items", body(n/*@if ids*/, ids/*@end*/));
    const all = await api.get("/api/v1/stock-items");
    expect(all.body.data.map((item: { id: number }) => item.id)).toEqual([1, 2, 3]);
    const page = await api.get("/api/v1/stock-items?limit=1&offset=1");
    expect(page.body.data.map((item: { id: number }) => item.id)).toEqual([2]);
    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc", "limt=10"]) {
      const bad = await api.get(`/api/v1/stock-items?${query}`);
      expect([query, bad.status]).toEqual([query, 400]);
    }
  });

  test("GET by id; 404 for an unknown id, 400 for a non-numeric one, for 0 and for an unknown relation", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    expect((await api.get("/api/v1/stock-items/1")).body.data).toMatchObject(body(1/*@if ids*/, ids/*@end*/));
    expect(await api.get("/api/v1/stock-items/999")).toEqual({
      status: 404,
      body: { status: "error", error: { code: "NOT_FOUND", message: "StockItem 999 not found" } },
    });
    for (const id of ["abc", "0"]) {
      const bad = await api.get(`/api/v1/stock-items/${id}`);
      expect([id, bad.status, bad.body.error.details[0].path]).toEqual([id, 400, "id"]);
    }
    // Named in `include` when the stock item has relations, and as a parameter this route does not take otherwise.
    const unknownRelation = await api.get("/api/v1/stock-items/1?include=nope");
    expect(unknownRelation.status).toBe(400);
    expect(unknownRelation.body.error.details[0].path).toStartWith("include");
  });

  test("PUT replaces every field/*@if nullableFields*/ (one left out becomes null)/*@end*/; 404 for an unknown id", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    const replaced = await api.put("/api/v1/stock-items/1", body(2/*@if ids*/, ids/*@end*/));
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ id: 1, ...body(2/*@if ids*/, ids/*@end*/) });
    // @if nullableFields
    const cleared = await api.put("/api/v1/stock-items/1", {
      // @each field
      // @if notNull
      display_name: body(3/*@if ids*/, ids/*@end*/).display_name,
      // @end
      // @end
      // @each parent
      storage_bin_id: ids.storage_bin_id,
      // @end
    });
    expect(cleared.body.data).toMatchObject(LEFT_OUT);
    // @end
    expect((await api.put("/api/v1/stock-items/999", body(3/*@if ids*/, ids/*@end*/))).status).toBe(404);
  });

  test("DELETE is a soft delete: 200 with a message, then 404 for the stock item", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    expect(await api.delete("/api/v1/stock-items/1")).toEqual({
      status: 200,
      body: { status: "success", message: "StockItem 1 deleted" },
    });
    expect((await api.get("/api/v1/stock-items/1")).status).toBe(404);
    expect((await api.put("/api/v1/stock-items/1", body(1/*@if ids*/, ids/*@end*/))).status).toBe(404);
    expect((await api.delete("/api/v1/stock-items/1")).status).toBe(404);
    expect((await api.get("/api/v1/stock-items")).body.data).toEqual([]);
  });

  // @note `protected`: the full template's routes of a model without --public.
  // @if protected
  test("every route needs an access token: 401 without one", async () => {
    const { app/*@if ids*/, ids/*@end*/ } = await setup();
    for (const [method, path] of [
      ["POST", "/api/v1/stock-items"],
      ["GET", "/api/v1/stock-items"],
      ["GET", "/api/v1/stock-items/1"],
      ["PUT", "/api/v1/stock-items/1"],
      ["DELETE", "/api/v1/stock-items/1"],
      // @each parent
      ["GET", `/api/v1/storage-bins/${ids.storage_bin_id}/stock-items`],
      // @end
    ] as const) {
      const withBody = method === "POST" || method === "PUT";
      const answer = await call(app, method, path, withBody ? body(1/*@if ids*/, ids/*@end*/) : undefined);
      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 401, "UNAUTHORIZED"]);
    }
  });

  // @end
  // @each parent
  // @note `full`: another user's id is refused before it is looked up (as the users' routes do).
  test("storage bin: /*@if protected && templateUser*/403/*@else*/404/*@end*/ for an unknown one; nested routes; include=storage_bin", async () => {
    const { api, ids } = await setup();
    const orphan = await api.post("/api/v1/stock-items", { ...body(1, ids), storage_bin_id: 999 });
    // @if protected && templateUser
    expect([orphan.status, orphan.body.error.code]).toEqual([403, "FORBIDDEN"]);
    // @else
    expect([orphan.status, orphan.body.error.message]).toEqual([404, "StorageBin 999 not found"]);
    // @end
    const { storage_bin_id: _, ...fields } = body(1, ids);
    const created = await api.post(`/api/v1/storage-bins/${ids.storage_bin_id}/stock-items`, fields);
    expect([created.status, created.body.data.storage_bin_id]).toEqual([201, ids.storage_bin_id]);
    const id = created.body.data.id;
    const listed = await api.get(`/api/v1/storage-bins/${ids.storage_bin_id}/stock-items`);
    expect(listed.body.data.map((item: { id: number }) => item.id)).toEqual([id]);
    expect((await api.get("/api/v1/storage-bins/999/stock-items")).status).toBe(404);
    const included = await api.get(`/api/v1/stock-items/${id}?include=storage_bin`);
    expect(included.body.data.storage_bin.id).toBe(ids.storage_bin_id);
    // @if templateUser
    // The users' public shape, as their own routes answer: never the password hash.
    const user = (await api.get(`/api/v1/users/${ids.user_id}`)).body.data;
    expect(included.body.data.user).toEqual(user);
    // @if full
    expect(Object.keys(user).sort()).toEqual(["created_at", "email", "id", "updated_at"]);
    // @else
    expect(Object.keys(user).sort()).toEqual(["created_at", "email", "id", "name", "updated_at"]);
    // @end
    // @end
    const all = await api.get("/api/v1/stock-items?include=storage_bin");
    expect(all.body.data[0].storage_bin.id).toBe(ids.storage_bin_id);
    expect((await api.get(`/api/v1/stock-items/${id}`)).body.data.storage_bin).toBeUndefined();
    expect((await api.get(`/api/v1/stock-items/${id}?include=nothing`)).status).toBe(400);
    // The repeated form (`include=a&include=b`) is how most clients send a list.
    const repeated = await api.get(`/api/v1/stock-items?include=storage_bin&include=storage_bin`);
    expect(repeated.body.data[0].storage_bin.id).toBe(ids.storage_bin_id);
  });

  // @end
  // @if protected && userParent
  test("another user may read but not create, change or delete a user's stock items: 403", async () => {
    const { app, api, ids } = await setup();
    const created = await api.post("/api/v1/stock-items", body(1, ids));
    const id = created.body.data.id;
    // The nested route takes the user from its path: its body has no user_id.
    const { user_id: _, ...fields } = body(2, ids);
    const { access_token: other } = await registerUser(app, "grace@example.com");
    for (const [method, path, payload] of [
      ["POST", "/api/v1/stock-items", body(2, ids)],
      ["POST", `/api/v1/users/${ids.user_id}/stock-items`, fields],
      ["PUT", `/api/v1/stock-items/${id}`, body(2, ids)],
      ["DELETE", `/api/v1/stock-items/${id}`, undefined],
    ] as const) {
      const answer = await call(app, method, path, payload, other);
      expect([method, path, answer.status, answer.body.error.code]).toEqual([method, path, 403, "FORBIDDEN"]);
    }
    expect((await call(app, "GET", `/api/v1/stock-items/${id}`, undefined, other)).status).toBe(200);
  });

  // @end
  // @each child
  test("DELETE of a stock item that still has supply orders: 409", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    const child = await createSupplyOrder(api);
    expect(child.status).toBe(201);
    const refused = await api.delete("/api/v1/stock-items/1");
    expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);
    await api.delete(`/api/v1/supply-orders/${child.body.data.id}`);
    expect((await api.delete("/api/v1/stock-items/1")).status).toBe(200);
  });

  // @end
  // @each hasMany
  test("include=supply_orders lists the supply orders of each stock item", async () => {
    const { api/*@if ids*/, ids/*@end*/ } = await setup();
    await api.post("/api/v1/stock-items", body(1/*@if ids*/, ids/*@end*/));
    await api.post("/api/v1/stock-items", body(2/*@if ids*/, ids/*@end*/));
    const child = await createSupplyOrder(api);
    const one = await api.get("/api/v1/stock-items/1?include=supply_orders");
    expect(one.body.data.supply_orders).toEqual([child.body.data]);
    const list = await api.get("/api/v1/stock-items?include=supply_orders");
    expect(list.body.data.map((item: Json) => item.supply_orders.length)).toEqual([1, 0]);
  });

  // @end
});
