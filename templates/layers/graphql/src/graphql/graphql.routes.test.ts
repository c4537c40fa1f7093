import { describe, expect, test } from "bun:test";
import { createTestApp, type Json } from "../../test/support/test-app.ts";

const codes = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.extensions?.code);

describe("/graphql over HTTP", () => {
  test("GET /graphql runs queries; a mutation over GET is refused with 405 BAD_REQUEST and Allow: POST", async () => {
    const { app } = createTestApp();
    const query = encodeURIComponent("{ users { id } }");
    const get = await app.request(`/graphql?query=${query}`, { headers: { accept: "application/json" } });
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ data: { users: [] } });
    const mutation = encodeURIComponent(`mutation { deleteUser(id: "1") }`);
    const refused = await app.request(`/graphql?query=${mutation}`, { headers: { accept: "application/json" } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST");
    expect(codes(await refused.json())).toEqual(["BAD_REQUEST"]);
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

  describe("what is refused before yoga runs is a GraphQL error too, with its HTTP status", () => {
    const GRAPHQL_RESPONSE = "application/graphql-response+json";

    test("another method (PUT): 405 METHOD_NOT_ALLOWED with Allow", async () => {
      const { app } = createTestApp();
      const put = await app.request("/graphql", {
        method: "PUT",
        headers: { "content-type": "application/json", accept: GRAPHQL_RESPONSE },
        body: JSON.stringify({ query: "{ users { id } }" }),
      });
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(put.headers.get("content-type")).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`);
      const body = await put.json();
      expect(codes(body)).toEqual(["METHOD_NOT_ALLOWED"]);
      expect(body.errors[0].message).toContain("PUT");
    });

    test("a body over the limit: 413 PAYLOAD_TOO_LARGE, unread, the connection closed", async () => {
      const { app } = createTestApp();
      const query = JSON.stringify({ query: "{ users { id } }", variables: { padding: "x".repeat(1_100_000) } });
      const tooLarge = await app.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(query.length) },
        body: query,
      });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.get("connection")).toBe("close");
      // A client that names no GraphQL type gets JSON, as from yoga.
      expect(tooLarge.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(codes(await tooLarge.json())).toEqual(["PAYLOAD_TOO_LARGE"]);
    });

    test("malformed JSON and a request without a query: 400 BAD_REQUEST (yoga's code)", async () => {
      const { app } = createTestApp();
      const post = (body: string) =>
        app.request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/json", accept: GRAPHQL_RESPONSE },
          body,
        });
      for (const body of ["{ not json", "{}", "[]"]) {
        const answer = await post(body);
        expect(answer.status).toBe(400);
        expect(answer.headers.get("content-type")).toBe(`${GRAPHQL_RESPONSE}; charset=utf-8`);
        const json = await answer.json();
        expect(codes(json)).toEqual(["BAD_REQUEST"]);
        // Nothing of the parser's own error (yoga adds it as extensions.originalError).
        expect(json.errors[0].extensions).toEqual({ code: "BAD_REQUEST" });
      }
      // A client that asks for plain JSON gets the same 400.
      const plain = await app.request("/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: "{ not json",
      });
      expect(plain.status).toBe(400);
      expect((await plain.json()).errors).toEqual([
        { message: "POST body sent invalid JSON.", extensions: { code: "BAD_REQUEST" } },
      ]);
    });

    test("the REST routes keep the REST envelope: a wrong method on /health, an unknown path", async () => {
      const { app } = createTestApp();
      const wrongMethod = await app.request("/health", { method: "PUT" });
      expect(wrongMethod.status).toBe(405);
      expect((await wrongMethod.json()).error.code).toBe("METHOD_NOT_ALLOWED");
      const unknown = await app.request("/graphql/nested");
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ status: "error", error: { code: "NOT_FOUND" } });
    });
  });
});
