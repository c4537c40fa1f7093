/**
 * #40: what one database cannot store is refused on every one (a NUL in text, a time outside the years 1 to 9999),
 * and a time inside that range comes back exactly as sent (PostgreSQL's text of the years 1 to 99 used to be read as
 * 19xx/20xx). Over HTTP on the booted service, so every database and runtime answers the same.
 */
import { expect } from "bun:test";

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
type Json = any;

/** Kept exactly: the range's ends, and the two-digit years a date parser is tempted to move to 19xx/20xx. */
export const EXACT_TIMES = [
  "0001-01-01T00:00:00.000Z",
  "0050-06-01T12:30:00.500Z",
  "0099-12-31T23:59:59.999Z",
  "1000-01-01T00:00:00.000Z",
  "9999-12-31T23:59:59.999Z",
];
/** Refused: year 0 (PostgreSQL has none), and offsets that move a time out of the years 1 to 9999. */
export const REFUSED_TIMES = ["0000-12-31T23:59:59.999Z", "0001-01-01T00:30:00+01:00", "9999-12-31T23:00:00-01:00"];
export const NUL_TEXT = "a\u0000b";

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;

/** The REST routes of the chain's Product (`title` a text, `released_at` a time) and Category (`name`). */
export async function checkStoredValues(call: Call): Promise<void> {
  const category = await call("POST", "/api/v1/categories", { name: "Calendar" });
  expect(category.status).toBe(201);
  const categoryId = category.body.data.id;
  const product = (releasedAt: string, title = "Dated") => ({
    title,
    released_at: releasedAt,
    category_id: categoryId,
  });

  const ids: number[] = [];
  for (const time of EXACT_TIMES) {
    const created = await call("POST", "/api/v1/products", product(time));
    expect([time, created.status, created.body.data?.released_at]).toEqual([time, 201, time]);
    ids.push(created.body.data.id);
    expect((await call("GET", `/api/v1/products/${created.body.data.id}`)).body.data.released_at).toBe(time);
  }
  const listed = await call("GET", `/api/v1/categories/${categoryId}/products`);
  expect(listed.body.data.map((item: Json) => item.released_at)).toEqual(EXACT_TIMES);

  const refusals: Array<[string, string, unknown, string]> = [
    ...REFUSED_TIMES.map((time): [string, string, unknown, string] => [
      "POST",
      "/api/v1/products",
      product(time),
      "released_at",
    ]),
    ["PUT", `/api/v1/products/${ids[0]}`, product(REFUSED_TIMES[0] as string), "released_at"],
    ["POST", "/api/v1/products", product(EXACT_TIMES[0] as string, NUL_TEXT), "title"],
    ["PUT", `/api/v1/products/${ids[0]}`, product(EXACT_TIMES[0] as string, NUL_TEXT), "title"],
    ["POST", `/api/v1/categories/${categoryId}/products`, { title: NUL_TEXT }, "title"],
    ["POST", "/api/v1/categories", { name: NUL_TEXT }, "name"],
  ];
  for (const [method, path, body, field] of refusals) {
    const refused = await call(method, path, body);
    expect([method, path, refused.status, refused.body.error?.code]).toEqual([method, path, 400, "VALIDATION_ERROR"]);
    expect(refused.body.error.details).toEqual([{ path: field, message: expect.any(String) }]);
  }
  // Nothing refused was stored or changed.
  const after = await call("GET", `/api/v1/categories/${categoryId}/products`);
  expect(after.body.data.map((item: Json) => [item.title, item.released_at])).toEqual(
    EXACT_TIMES.map((time) => ["Dated", time]),
  );

  for (const id of ids) expect((await call("DELETE", `/api/v1/products/${id}`)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/categories/${categoryId}`)).status).toBe(200);
}

type GraphQL = (query: string, variables?: Record<string, unknown>) => Promise<Json>;
const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

/** The same over GraphQL (`Time` takes UTC only, so only year 0 is out of range there). */
export async function checkStoredValuesOverGraphql(graphql: GraphQL): Promise<void> {
  const createCategory = "mutation ($input: CategoryInput!) { createCategory(input: $input) { id } }";
  const categoryId = (await graphql(createCategory, { input: { name: "Calendar" } })).data.createCategory.id;
  const createProduct = "mutation ($input: ProductInput!) { createProduct(input: $input) { id title releasedAt } }";
  const input = (releasedAt: string, title = "Dated") => ({ title, releasedAt, categoryId });

  const ids: string[] = [];
  for (const time of EXACT_TIMES) {
    const created = (await graphql(createProduct, { input: input(time) })).data.createProduct;
    expect([time, created.releasedAt]).toEqual([time, time]);
    ids.push(created.id);
    const read = await graphql(`{ product(id: "${created.id}") { releasedAt } }`);
    expect(read.data.product.releasedAt).toBe(time);
  }
  for (const [variables, field] of [
    [{ input: input("0000-12-31T23:59:59.999Z") }, "input.releasedAt"],
    [{ input: input(EXACT_TIMES[0] as string, NUL_TEXT) }, "input.title"],
    [{ input: { name: NUL_TEXT } }, "input.name"],
  ] as const) {
    const mutation = "name" in variables.input ? createCategory : createProduct;
    const refused = await graphql(mutation, variables);
    expect([field, codes(refused)]).toEqual([field, ["BAD_USER_INPUT"]]);
    expect(refused.errors[0].extensions.fields).toEqual([{ field, message: expect.any(String) }]);
  }
  const listed = await graphql(`{ category(id: "${categoryId}") { products { title releasedAt } } }`);
  expect(listed.data.category.products).toEqual(EXACT_TIMES.map((time) => ({ title: "Dated", releasedAt: time })));

  for (const id of ids) await graphql(`mutation { deleteProduct(id: "${id}") }`);
  await graphql(`mutation { deleteCategory(id: "${categoryId}") }`);
}
