import { expect } from "bun:test";
import { http } from "../../support/http.ts";
import { checkDeleteRace } from "./delete-race.ts";
import { checkStoredValuesOverGraphql } from "./stored-values.ts";
import { checkUserOperations } from "./user-contract.ts";

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
type Json = any;

const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

/** The operations the chain added to a graphql project, over HTTP: mutations, paging, relation fields, error codes. */
export async function checkOperations(url: string): Promise<void> {
  const graphql = async (query: string, variables?: Record<string, unknown>) => {
    const answer = await http(url, "POST", "/graphql", { body: { query, variables } });
    return answer.json as Json;
  };
  const createCategory = "mutation ($input: CategoryInput!) { createCategory(input: $input) { id name } }";
  const category = (await graphql(createCategory, { input: { name: "Books" } })).data.createCategory;
  expect(category).toEqual({ id: expect.any(String), name: "Books" });
  expect(codes(await graphql(createCategory, { input: { name: "Books" } }))).toEqual(["CONFLICT"]);

  const product = (n: number) => ({
    title: `Book ${n}`,
    price: n + 0.25,
    stock: n,
    published: n % 2 === 0,
    releasedAt: new Date(Date.UTC(2025, 0, n)).toISOString(),
    categoryId: category.id,
  });
  const createProduct = `mutation ($input: ProductInput!) {
    createProduct(input: $input) { id title price stock published releasedAt categoryId }
  }`;
  const created = [];
  for (const n of [1, 2, 3]) {
    const answer = await graphql(createProduct, { input: product(n) });
    expect(answer.data.createProduct).toMatchObject(product(n));
    created.push(answer.data.createProduct);
  }
  expect(codes(await graphql(createProduct, { input: { ...product(4), categoryId: "999999" } }))).toEqual([
    "NOT_FOUND",
  ]);
  const negative = await graphql(createProduct, { input: { ...product(4), stock: -1 } });
  expect([codes(negative), negative.errors[0].extensions.fields]).toEqual([
    ["BAD_USER_INPUT"],
    [{ field: "input.stock", message: expect.any(String) }],
  ]);
  expect(codes(await graphql(createProduct, { input: { price: 1, categoryId: category.id } }))).toEqual([
    "BAD_USER_INPUT",
  ]);

  const page = await graphql("{ products(limit: 2, offset: 1) { id } }");
  expect(page.data.products.map((item: Json) => item.id)).toEqual([created[1].id, created[2].id]);
  expect(codes(await graphql("{ products(limit: 0) { id } }"))).toEqual(["BAD_USER_INPUT"]);

  const one = await graphql(`{ product(id: "${created[0].id}") { title category { id name } } }`);
  expect(one.data.product).toEqual({ title: "Book 1", category: { id: category.id, name: "Books" } });
  expect((await graphql(`{ product(id: "999999") { id } }`)).data.product).toBeNull();
  const listed = await graphql("{ products { category { id } } }");
  expect(listed.data.products).toEqual(Array(3).fill({ category: { id: category.id } }));
  const withProducts = await graphql(`{ category(id: "${category.id}") { products { title } } }`);
  expect(withProducts.data.category.products.map((item: Json) => item.title)).toEqual(["Book 1", "Book 2", "Book 3"]);

  const createReview =
    "mutation ($input: ReviewInput!) { createReview(input: $input) { id productId product { id } } }";
  const review = (await graphql(createReview, { input: { body: "Great", stars: 5, productId: created[0].id } })).data
    .createReview;
  expect(review).toMatchObject({ productId: created[0].id, product: { id: created[0].id } });

  const update = `mutation ($id: ID!, $input: ProductInput!) {
    updateProduct(id: $id, input: $input) { title price stock published }
  }`;
  const updated = await graphql(update, { id: created[1].id, input: { title: "Renamed", categoryId: category.id } });
  expect(updated.data.updateProduct).toEqual({ title: "Renamed", price: null, stock: null, published: null });
  expect(codes(await graphql(update, { id: "999999", input: { title: "x", categoryId: category.id } }))).toEqual([
    "NOT_FOUND",
  ]);

  const remove = (model: string, id: string) => graphql(`mutation { delete${model}(id: "${id}") }`);
  expect(codes(await remove("Category", category.id))).toEqual(["CONFLICT"]);
  expect(codes(await remove("Product", created[0].id))).toEqual(["CONFLICT"]);
  expect((await remove("Review", review.id)).data).toEqual({ deleteReview: true });
  for (const item of created) expect((await remove("Product", item.id)).data).toEqual({ deleteProduct: true });
  expect((await remove("Category", category.id)).data).toEqual({ deleteCategory: true });
  expect((await graphql(`{ category(id: "${category.id}") { id } }`)).data.category).toBeNull();
  expect(codes(await remove("Category", category.id))).toEqual(["NOT_FOUND"]);

  await checkDeleteRace({
    createParent: async (name) => (await graphql(createCategory, { input: { name } })).data.createCategory.id,
    createChild: async (id) => {
      const answer = await graphql(createProduct, { input: { title: "Racing", categoryId: id } });
      return Boolean(answer.data?.createProduct);
    },
    deleteParent: async (id) => (await remove("Category", id)).data?.deleteCategory === true,
    parentLive: async (id) => (await graphql(`{ category(id: "${id}") { id } }`)).data.category !== null,
  });
  await checkStoredValuesOverGraphql(graphql);
  await checkUserOperations(url);
}
