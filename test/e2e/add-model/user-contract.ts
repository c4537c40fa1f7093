import { expect } from "bun:test";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { http } from "../../support/http.ts";
import { checkDeleteRace } from "./delete-race.ts";

// biome-ignore lint/suspicious/noExplicitAny: assertions walk untyped JSON bodies; a wrong path fails the test anyway.
type Json = any;

/** The chain's model of the template's users (`--belongs-to User`). */
export const USER_CHILD = ["Post", "--fields", "title:string:not_null", "--belongs-to", "User"];

/** A REST client of the service, signed in when `token` is given. */
const client = (url: string, token?: string) => async (method: string, path: string, body?: unknown) => {
  const answer = await http(url, method, path, { body, token });
  return { status: answer.status, body: answer.json as Json };
};

/**
 * `--belongs-to User` over REST: posts created under a user, `include=user` showing exactly what the users' own
 * routes show (never the password hash), 409 when deleting a user with a live post (and in /apidocs), and (full) 403
 * for another user.
 * Run last: in `full` it deletes the signed-in user.
 */
export async function checkUserRoutes(url: string, template: TemplateName, token?: string): Promise<void> {
  const call = client(url, token);
  let userId: number;
  if (template === "full") {
    const users = await call("GET", "/api/v1/users?limit=100");
    userId = users.body.data.find((user: Json) => user.email === "ada@example.com").id;
  } else {
    userId = (await call("POST", "/api/v1/users", { email: "ada@example.com", name: "Ada" })).body.data.id;
  }
  const post = await call("POST", `/api/v1/users/${userId}/posts`, { title: "Hello" });
  expect([post.status, post.body.data?.user_id]).toEqual([201, userId]);
  expect((await call("POST", "/api/v1/users/999999/posts", { title: "x" })).status).toBe(
    template === "full" ? 403 : 404,
  );

  const user = (await call("GET", `/api/v1/users/${userId}`)).body.data;
  const listed = await call("GET", "/api/v1/posts?include=user");
  expect(listed.body.data.map((item: Json) => item.user)).toEqual([user]);
  const publicKeys = ["created_at", "email", "id", ...(template === "full" ? [] : ["name"]), "updated_at"];
  expect(Object.keys(listed.body.data[0].user).sort()).toEqual(publicKeys);
  const nested = await call("GET", `/api/v1/users/${userId}/posts?include=user`);
  expect(nested.body.data.map((item: Json) => [item.id, item.user.id])).toEqual([[post.body.data.id, userId]]);

  const refused = await call("DELETE", `/api/v1/users/${userId}`);
  expect([refused.status, refused.body.error?.code]).toEqual([409, "CONFLICT"]);
  expect((await call("GET", `/api/v1/users/${userId}`)).status).toBe(200);
  const openapi = (await call("GET", "/apidocs/openapi.json")).body;
  expect(Object.keys(openapi.paths["/api/v1/users/{id}"].delete.responses)).toContain("409");

  if (template === "full") {
    const registered = await http(url, "POST", "/api/v1/auth/register", {
      body: { email: "grace@example.com", password: "correct-horse" },
    });
    const other = client(url, (registered.json as Json).data.access_token);
    const answer = await other("POST", `/api/v1/users/${userId}/posts`, { title: "Not mine" });
    expect([answer.status, answer.body.error.code]).toEqual([403, "FORBIDDEN"]);
    expect((await other("DELETE", `/api/v1/posts/${post.body.data.id}`)).status).toBe(403);
  } else {
    await checkDeleteRace({
      createParent: async (name) => {
        const email = `${name.replace(" ", "-").toLowerCase()}@example.com`;
        return (await call("POST", "/api/v1/users", { email })).body.data.id;
      },
      createChild: async (id) => (await call("POST", `/api/v1/users/${id}/posts`, { title: "Racing" })).status === 201,
      deleteParent: async (id) => (await call("DELETE", `/api/v1/users/${id}`)).status === 200,
      parentLive: async (id) => (await call("GET", `/api/v1/users/${id}`)).status === 200,
    });
  }
  expect((await call("DELETE", `/api/v1/posts/${post.body.data.id}`)).status).toBe(200);
  expect((await call("DELETE", `/api/v1/users/${userId}`)).status).toBe(200);
}

/** `--belongs-to User` over GraphQL: the batched `user` field, and CONFLICT when deleting a user with a live post. */
export async function checkUserOperations(url: string): Promise<void> {
  const graphql = async (query: string, variables?: Record<string, unknown>) =>
    (await http(url, "POST", "/graphql", { body: { query, variables } })).json as Json;
  const user = (
    await graphql('mutation { createUser(input: { email: "ada@example.com", name: "Ada" }) { id email name } }')
  ).data.createUser;
  const createPost = "mutation ($input: PostInput!) { createPost(input: $input) { id userId user { id email name } } }";
  const post = (await graphql(createPost, { input: { title: "Hello", userId: user.id } })).data.createPost;
  expect(post).toEqual({ id: expect.any(String), userId: user.id, user });
  const listed = await graphql("{ posts { user { id email } } }");
  expect(listed.data.posts).toEqual([{ user: { id: user.id, email: "ada@example.com" } }]);
  const refused = await graphql(`mutation { deleteUser(id: "${user.id}") }`);
  expect(refused.errors?.map((error: Json) => error.extensions?.code)).toEqual(["CONFLICT"]);
  expect((await graphql(`mutation { deletePost(id: "${post.id}") }`)).data).toEqual({ deletePost: true });
  expect((await graphql(`mutation { deleteUser(id: "${user.id}") }`)).data).toEqual({ deleteUser: true });
}
