import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../test/support/test-app.ts";

const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

describe("/graphql over HTTP", () => {
  test("GET /graphql runs queries; a mutation over GET is refused with 405", async () => {
    const { app } = createTestApp();
    const query = encodeURIComponent("{ users { id } }");
    const get = await app.request(`/graphql?query=${query}`, { headers: { accept: "application/json" } });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { users: [] } });
    const mutation = encodeURIComponent(`mutation { deleteUser(id: "1") }`);
    const refused = await app.request(`/graphql?query=${mutation}`, { headers: { accept: "application/json" } });
    expect(refused.status).toBe(405);
  });

  test("a POST that is not JSON (a form another site could send) is refused with 415", async () => {
    const { app, users } = createTestApp();
    const form = await app.request("/graphql", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `query=${encodeURIComponent(`mutation { createUser(input: { email: "x@example.com" }) { id } }`)}`,
    });
    expect(form.status).toBe(415);
    expect(codes(await form.json())).toEqual(["UNSUPPORTED_MEDIA_TYPE"]);
    expect(users.rows).toEqual([]);
  });

  test("GraphQL answers carry the request id like every answer: the caller's, or a new one", async () => {
    const { app } = createTestApp();
    const query = JSON.stringify({ query: "{ users { id } }" });
    const headers = { "content-type": "application/json", "x-request-id": "gql-1" };
    const posted = await app.request("/graphql", { method: "POST", headers, body: query });
    expect(posted.status).toBe(200);
    expect(posted.headers.get("x-request-id")).toBe("gql-1");
    const got = await app.request(`/graphql?query=${encodeURIComponent("{ users { id } }")}`);
    expect(got.status).toBe(200);
    expect(got.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
