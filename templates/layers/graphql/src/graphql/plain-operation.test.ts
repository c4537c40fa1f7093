import { describe, expect, test } from "bun:test";
import { pino } from "pino";
import { createTestApp, type Json, type TestApp } from "../../test/support/test-app.ts";
import { UserService } from "../users/user.service.ts";
import { InMemoryUserRepository } from "../users/users.in-memory.ts";
import { graphqlServer } from "./graphql-server.ts";
import { plainOperations } from "./plain-operation.ts";

/**
 * A valid operation POSTed as JSON is answered by a shortcut past yoga's HTTP pipeline (plain-operation.ts); anything
 * else goes through yoga whole. An Accept header with a charset parameter is left to yoga, so each request below is
 * sent both ways and must get the same answer.
 */
const SHORTCUT = "application/graphql-response+json";
const YOGA = "application/graphql-response+json; charset=utf-8";

async function post(app: TestApp, accept: string | undefined, body: string) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (accept !== undefined) headers.accept = accept;
  const response = await app.request("/graphql", { method: "POST", headers, body });
  return { status: response.status, type: response.headers.get("content-type"), body: (await response.json()) as Json };
}

const request = (query: string, variables?: Json, operationName?: string) =>
  JSON.stringify({ query, variables, operationName });
const create = (email: string) =>
  request("mutation ($e: String!) { createUser(input: { email: $e }) { email } }", { e: email });

describe("POST /graphql answers the same with and without yoga's HTTP pipeline", () => {
  const cases: [string, (n: number) => string][] = [
    ["a query", () => request('{ user(id: "1") { id email } }')],
    [
      "a named operation among several",
      () => request('query A { users { id } } query B { user(id: "1") { email } }', null, "B"),
    ],
    ["a mutation", (n) => create(`user${n}@example.com`)],
    ["a domain error (CONFLICT)", () => create("taken@example.com")],
    ["invalid input (BAD_USER_INPUT with fields)", () => create("not-an-email")],
    ["a variable of the wrong type", () => request("query ($id: ID!) { user(id: $id) { id } }", { id: [1] })],
    ["an unknown field", () => request('{ user(id: "1") { nope } }')],
    ["a syntax error", () => request("{ user(id: ")],
    ["a missing operation name", () => request("query A { users { id } } query B { users { id } }")],
    ["variables that are not an object", () => JSON.stringify({ query: "{ users { id } }", variables: 5 })],
    ["an unknown parameter", () => JSON.stringify({ query: "{ users { id } }", extra: true })],
    ["a body that is not JSON", () => "{ users"],
  ];
  for (const [name, body] of cases) {
    test(name, async () => {
      const { app } = createTestApp();
      await post(app, undefined, create("ada@example.com"));
      await post(app, undefined, create("taken@example.com"));
      const shortcut = await post(app, SHORTCUT, body(1));
      const whole = await post(app, YOGA, body(2));
      expect(shortcut.status).toBe(whole.status);
      expect(shortcut.type).toBe(whole.type);
      expect(JSON.stringify(shortcut.body).replaceAll("user1@", "user2@")).toBe(JSON.stringify(whole.body));
    });
  }

  test("without an Accept header, or with application/json, the answer is application/json", async () => {
    const { app } = createTestApp();
    for (const accept of [undefined, "*/*", "application/json"]) {
      const { status, type, body } = await post(app, accept, request("{ users { id } }"));
      expect({ status, type, body }).toEqual({
        status: 200,
        type: "application/json; charset=utf-8",
        body: { data: { users: [] } },
      });
    }
  });
});

describe("the shortcut", () => {
  const users = new InMemoryUserRepository();
  const settings = { introspection: false, development: false, logger: pino({ level: "silent" }), title: "test" };
  const answer = plainOperations(graphqlServer({ userService: new UserService({ users }) }, settings));
  const shortcut = (body: string, accept?: string) =>
    answer(new Request("http://localhost/graphql", { method: "POST", headers: accept ? { accept } : {}, body }), body);

  test("answers valid queries and mutations itself", async () => {
    const created = await shortcut(create("grace@example.com"));
    expect(await created?.json()).toEqual({ data: { createUser: { email: "grace@example.com" } } });
    const found = await shortcut(request("{ users { email } }"), SHORTCUT);
    expect(await found?.json()).toEqual({ data: { users: [{ email: "grace@example.com" }] } });
  });

  test("a document it keeps still runs the operation each request names", async () => {
    const query = 'query Count { users { id } } query First { user(id: "1") { email } }';
    for (let round = 0; round < 2; round++) {
      expect(await (await shortcut(request(query, null, "Count")))?.json()).toEqual({ data: { users: [{ id: "1" }] } });
      expect(await (await shortcut(request(query, null, "First")))?.json()).toEqual({
        data: { user: { email: "grace@example.com" } },
      });
      expect(await shortcut(request(query))).toBeUndefined();
    }
  });

  test("leaves everything else to yoga, having run nothing", async () => {
    const mutation = create("left@example.com");
    for (const [body, accept] of [
      [mutation, YOGA],
      [mutation, "multipart/mixed, application/json"],
      [mutation, "text/event-stream"],
      [request("{ users { nope } }"), undefined],
      [request("{ users "), undefined],
      [request("subscription { users { id } }"), undefined],
      [JSON.stringify({ query: "{ users { id } }", variables: [] }), undefined],
      [JSON.stringify({ query: "{ users { id } }", operationName: 1 }), undefined],
      [JSON.stringify([{ query: "{ users { id } }" }]), undefined],
    ] as const) {
      expect(await shortcut(body, accept)).toBeUndefined();
    }
    const emails = (await users.list({ limit: 100, offset: 0 })).map((user) => user.email);
    expect(emails).not.toContain("left@example.com");
  });
});
