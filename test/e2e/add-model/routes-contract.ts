import { expect } from "bun:test";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { http } from "../../support/http.ts";
import { checkDeleteRace } from "./delete-race.ts";
import { checkStoredValues } from "./stored-values.ts";
import { checkUserRoutes } from "./user-contract.ts";

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
type Json = any;

/** The routes the chain added, over HTTP: create, paging, include, nested routes, update, delete and the errors. */
export async function checkRoutes(url: string, template: TemplateName): Promise<void> {
  let token: string | undefined;
  if (template === "full") {
    const products = await http(url, "GET", "/api/v1/products");
    expect([products.status, (products.json as Json).error.code]).toEqual([401, "UNAUTHORIZED"]);
    const registered = await http(url, "POST", "/api/v1/auth/register", {
      body: { email: "ada@example.com", password: "correct-horse" },
    });
    token = (registered.json as Json).data.access_token;
    const tag = await http(url, "POST", "/api/v1/tags", { body: { label: "public" } });
    expect(tag.status).toBe(201);
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await http(url, method, path, { body, token });
    return { status: answer.status, body: answer.json as Json, headers: answer.headers };
  };

  const category = await call("POST", "/api/v1/categories", { name: "Books" });
  expect(category.status).toBe(201);
  expect(category.headers.get("location")).toBe(`/api/v1/categories/${category.body.data.id}`);
  expect((await call("POST", "/api/v1/categories", { name: "Books" })).status).toBe(409);
  const categoryId = category.body.data.id;

  const product = (n: number) => ({
    title: `Book ${n}`,
    price: n + 0.25,
    stock: n,
    published: n % 2 === 0,
    released_at: new Date(Date.UTC(2025, 0, n)).toISOString(),
  });
  const created = [];
  for (const n of [1, 2, 3]) {
    const answer = await call("POST", `/api/v1/categories/${categoryId}/products`, product(n));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ ...product(n), category_id: categoryId });
    created.push(answer.body.data);
  }
  expect((await call("POST", "/api/v1/products", { ...product(4), category_id: 999_999 })).status).toBe(404);
  expect((await call("POST", "/api/v1/products", { ...product(4), stock: -1, category_id: categoryId })).status).toBe(
    400,
  );
  expect((await call("POST", "/api/v1/products", { price: 1, category_id: categoryId })).status).toBe(400);

  const page = await call("GET", "/api/v1/products?limit=2&offset=1");
  expect(page.body.data.map((item: Json) => item.id)).toEqual([created[1].id, created[2].id]);
  expect((await call("GET", "/api/v1/products?limit=0")).status).toBe(400);

  const withCategory = await call("GET", `/api/v1/products/${created[0].id}?include=category`);
  expect(withCategory.body.data.category).toMatchObject({ id: categoryId, name: "Books" });
  expect((await call("GET", `/api/v1/products/${created[0].id}`)).body.data.category).toBeUndefined();
  expect((await call("GET", `/api/v1/products/${created[0].id}?include=owner`)).status).toBe(400);
  const listed = await call("GET", "/api/v1/products?include=category");
  expect(listed.body.data.map((item: Json) => item.category.id)).toEqual([categoryId, categoryId, categoryId]);

  const withProducts = await call("GET", `/api/v1/categories/${categoryId}?include=products`);
  expect(withProducts.body.data.products.map((item: Json) => item.title)).toEqual(["Book 1", "Book 2", "Book 3"]);
  const nested = await call("GET", `/api/v1/categories/${categoryId}/products?limit=1`);
  expect(nested.body.data.map((item: Json) => item.id)).toEqual([created[0].id]);
  expect((await call("GET", "/api/v1/categories/999999/products")).status).toBe(404);

  const review = await call("POST", `/api/v1/products/${created[0].id}/reviews`, { body: "Great", stars: 5 });
  expect([review.status, review.body.data.product_id]).toEqual([201, created[0].id]);

  // Strict bodies: a misspelt field or one the client may not set is a 400 naming it, on POST (nested too) and PUT.
  for (const [method, path, body, key] of [
    ["POST", "/api/v1/products", { ...product(4), category_id: categoryId, pirce: 9 }, "pirce"],
    ["POST", `/api/v1/categories/${categoryId}/products`, { ...product(4), id: 99 }, "id"],
    [
      "PUT",
      `/api/v1/products/${created[1].id}`,
      { ...product(2), category_id: categoryId, created_at: "x" },
      "created_at",
    ],
  ] as const) {
    const refused = await call(method, path, body);
    expect([method, path, refused.status, refused.body.error.details]).toEqual([
      method,
      path,
      400,
      [{ path: key, message: `Unknown key "${key}"` }],
    ]);
  }
  const updated = await call("PUT", `/api/v1/products/${created[1].id}`, { title: "Renamed", category_id: categoryId });
  expect(updated.body.data).toMatchObject({ title: "Renamed", price: null, stock: null, published: null });
  expect((await call("PUT", "/api/v1/products/999999", { title: "x", category_id: categoryId })).status).toBe(404);

  const refused = await call("DELETE", `/api/v1/categories/${categoryId}`);
  expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);
  expect((await call("DELETE", `/api/v1/products/${created[0].id}`)).status).toBe(409);
  expect((await call("DELETE", `/api/v1/reviews/${review.body.data.id}`)).status).toBe(200);
  for (const item of created) expect((await call("DELETE", `/api/v1/products/${item.id}`)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/categories/${categoryId}`)).status).toBe(200);
  expect((await call("GET", `/api/v1/categories/${categoryId}`)).status).toBe(404);

  await checkDeleteRace({
    createParent: async (name) => (await call("POST", "/api/v1/categories", { name })).body.data.id,
    createChild: async (id) =>
      (await call("POST", `/api/v1/categories/${id}/products`, { title: "Racing" })).status === 201,
    deleteParent: async (id) => (await call("DELETE", `/api/v1/categories/${id}`)).status === 200,
    parentLive: async (id) => (await call("GET", `/api/v1/categories/${id}`)).status === 200,
  });

  await checkStoredValues(call);

  const document: Json = (await http(url, "GET", "/apidocs/openapi.json")).json;
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      "/api/v1/products/{id}",
      "/api/v1/categories/{categoryId}/products",
      "/api/v1/users/{userId}/posts",
    ]),
  );
  expect(document.paths["/api/v1/categories/{categoryId}/products"].get.operationId).toBe("listCategoryProducts");
  // Category --has-many Product: its reads take `include`, an enum of that relation.
  const categoryInclude = document.paths["/api/v1/categories/{id}"].get.parameters.find(
    (parameter: Json) => parameter.name === "include",
  );
  expect(categoryInclude.schema.items.enum).toEqual(["products"]);
  await checkUserRoutes(url, template, token);
}
