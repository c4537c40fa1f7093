import { expect } from "bun:test";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { http } from "../../support/http.ts";

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
type Json = any;

/**
 * A unique field (Category's `name`) is unique among live rows only, on the real database: a deleted category's name
 * can be taken again by a new category, and a second live one with it is still a conflict.
 */
export async function checkLiveUnique(url: string, template: TemplateName): Promise<void> {
  const name = "Deleted and back";
  if (template === "graphql") {
    const graphql = async (query: string, variables?: Record<string, unknown>) =>
      (await http(url, "POST", "/graphql", { body: { query, variables } })).json as Json;
    const create = "mutation ($input: CategoryInput!) { createCategory(input: $input) { id } }";
    const first = (await graphql(create, { input: { name } })).data.createCategory.id;
    expect((await graphql(`mutation { deleteCategory(id: "${first}") }`)).data).toEqual({ deleteCategory: true });
    const again = await graphql(create, { input: { name } });
    expect(again.data?.createCategory.id).not.toBe(first);
    const twin = await graphql(create, { input: { name } });
    expect(twin.errors?.map((error: Json) => error.extensions?.code)).toEqual(["CONFLICT"]);
    return;
  }
  let token: string | undefined;
  if (template === "full") {
    const body = { email: "live-unique@example.com", password: "correct-horse" };
    token = ((await http(url, "POST", "/api/v1/auth/register", { body })).json as Json).data.access_token;
  }
  const create = async () => {
    const answer = await http(url, "POST", "/api/v1/categories", { body: { name }, token });
    return { status: answer.status, body: answer.json as Json };
  };
  const first = await create();
  expect(first.status).toBe(201);
  expect((await http(url, "DELETE", `/api/v1/categories/${first.body.data.id}`, { token })).status).toBe(200);
  const again = await create();
  expect([again.status, again.body.data?.id === first.body.data.id]).toEqual([201, false]);
  const twin = await create();
  expect([twin.status, twin.body.error?.code]).toEqual([409, "CONFLICT"]);
}
