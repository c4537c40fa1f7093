import { describe, expect, test } from "bun:test";
import { gunzipSync } from "node:zlib";
import { emailOfLength, expectShape, expectStatus, ISO_UTC, uniqueEmail } from "./contract-client.ts";
import { describeServiceBasics } from "./contract-service.ts";
import { expectGraphqlError, GraphqlClient, graphqlBody } from "./graphql-client.ts";

/** What the graphql contract needs from a booted service; `deletedUserIds` is filled for the direct database check. */
export interface GraphqlContractTarget {
  url: string;
  deletedUserIds: number[];
  /** The service was started with GRAPHQL_INTROSPECTION=true (else production's default: off). */
  introspection: boolean;
}

const USER = "id email name createdAt updatedAt";
const UPDATE = `mutation ($id: ID!, $input: UpdateUserInput!) { updateUser(id: $id, input: $input) { ${USER} } }`;
const NO_USER = "987654321";

/** A user of the graphql template: exactly these fields. */
function expectGraphqlUser(user: unknown, email: string, name: string | null): void {
  expect(Object.keys(user as object).sort()).toEqual(["createdAt", "email", "id", "name", "updatedAt"]);
  expectShape(user, {
    id: expect.stringMatching(/^[1-9]\d*$/),
    email,
    name,
    createdAt: expect.stringMatching(ISO_UTC),
    updatedAt: expect.stringMatching(ISO_UTC),
  });
}

/** The `graphql` template's contract over HTTP (issue 12 section 3): queries, mutations, limits, error codes. */
export function describeGraphqlContract(target: () => GraphqlContractTarget): void {
  const client = () => new GraphqlClient(target().url);
  const T = 30_000;

  describeServiceBasics(target, { apidocs: false });

  describe("mutations and queries over POST /graphql", () => {
    test(
      "createUser returns the user (ID, e-mail trimmed and lower-cased, name or null, Time in UTC); user(id) reads it back",
      async () => {
        const email = uniqueEmail("gql-create");
        const user = await client().createUser({ email: ` ${email.toUpperCase()} `, name: "Ada Lovelace" });
        expectGraphqlUser(user, email, "Ada Lovelace");
        expect(user.createdAt).toBe(user.updatedAt);
        const read = await client().data("query ($id: ID!) { user(id: $id) { id email name createdAt updatedAt } }", {
          id: user.id,
        });
        expect(read.user).toEqual(user);
        expectGraphqlUser(
          await client().createUser({ email: uniqueEmail("gql-noname") }),
          expect.any(String) as never,
          null,
        );
      },
      T,
    );

    test(
      "users pages oldest first with limit and offset; limit over 100, 0 or negative offset is BAD_USER_INPUT naming the argument",
      async () => {
        const emails = [uniqueEmail("gql-page-a"), uniqueEmail("gql-page-b"), uniqueEmail("gql-page-c")];
        for (const email of emails) await client().createUser({ email });
        const all = (await client().data("{ users(limit: 100) { id email } }")).users as {
          id: string;
          email: string;
        }[];
        const ids = all.map((user) => Number(user.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(all.map((user) => user.email)).toEqual(expect.arrayContaining(emails));
        const at = all.findIndex((user) => user.email === emails[0]);
        const page = await client().data(`{ users(limit: 2, offset: ${at}) { email } }`);
        expect(page.users).toEqual([{ email: emails[0] }, { email: emails[1] }]);
        expect((await client().data("{ users { id } }")).users.length).toBeLessThanOrEqual(50);
        for (const [args, field] of [
          ["limit: 101", "limit"],
          ["limit: 0", "limit"],
          ["limit: -1", "limit"],
          ["offset: -1", "offset"],
        ]) {
          const error = expectGraphqlError(
            await client().operation(`{ users(${args}) { id } }`),
            200,
            "BAD_USER_INPUT",
          );
          expect(error.extensions.fields.map((f: { field: string }) => f.field)).toEqual([field]);
        }
      },
      T,
    );

    test(
      "invalid input is BAD_USER_INPUT listing the offending fields (e-mail format and length, name length); a missing e-mail too",
      async () => {
        const create = (input: unknown) =>
          client().operation("mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }", { input });
        const both = expectGraphqlError(
          await create({ email: "not-an-email", name: "n".repeat(101) }),
          200,
          "BAD_USER_INPUT",
        );
        expect(both.extensions.fields.map((f: { field: string }) => f.field).sort()).toEqual([
          "input.email",
          "input.name",
        ]);
        expectGraphqlError(await create({ email: emailOfLength(256) }), 200, "BAD_USER_INPUT");
        // A missing e-mail does not fit the variable's type: refused before the operation runs.
        expectGraphqlError(await create({ name: "no e-mail" }), 400, "BAD_USER_INPUT");
        // 255 characters is the longest e-mail accepted.
        expectGraphqlUser(await client().createUser({ email: emailOfLength(255) }), expect.any(String) as never, null);
      },
      T,
    );

    test(
      "a taken e-mail is CONFLICT on create and on update, in any spelling; updateUser replaces e-mail and name",
      async () => {
        const first = await client().createUser({ email: uniqueEmail("gql-taken"), name: "First" });
        const second = await client().createUser({ email: uniqueEmail("gql-other") });
        const taken = await client().operation(
          "mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }",
          { input: { email: first.email.toUpperCase() } },
        );
        expect(expectGraphqlError(taken, 200, "CONFLICT").path).toEqual(["createUser"]);
        const onUpdate = await client().operation(UPDATE, { id: second.id, input: { email: first.email } });
        expectGraphqlError(onUpdate, 200, "CONFLICT");
        const renamed = uniqueEmail("gql-renamed");
        const updated = (await client().data(UPDATE, { id: first.id, input: { email: renamed } })).updateUser;
        expectGraphqlUser(updated, renamed, null);
        expect(updated.createdAt).toBe(first.createdAt);
        expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
      },
      T,
    );

    test(
      "deleteUser is a soft delete: true, then user(id) is null, the user leaves the list, and a second delete or an update is NOT_FOUND",
      async () => {
        const user = await client().createUser({ email: uniqueEmail("gql-delete") });
        const remove = `mutation { deleteUser(id: "${user.id}") }`;
        expect(await client().data(remove)).toEqual({ deleteUser: true });
        target().deletedUserIds.push(Number(user.id));
        expect(await client().data(`{ user(id: "${user.id}") { id } }`)).toEqual({ user: null });
        const listed = (await client().data("{ users(limit: 100) { id } }")).users as { id: string }[];
        expect(listed.map((u) => u.id)).not.toContain(user.id);
        expectGraphqlError(await client().operation(remove), 200, "NOT_FOUND");
        expectGraphqlError(
          await client().operation(UPDATE, { id: user.id, input: { email: uniqueEmail("x") } }),
          200,
          "NOT_FOUND",
        );
        // Its e-mail can be taken again, by a new user; a second live one is a conflict.
        expect((await client().createUser({ email: user.email })).id).not.toBe(user.id);
        const twin = await client().operation(
          "mutation ($input: CreateUserInput!) { createUser(input: $input) { id } }",
          { input: { email: user.email } },
        );
        expectGraphqlError(twin, 200, "CONFLICT");
        expect(await client().data(`{ user(id: "${NO_USER}") { id } }`)).toEqual({ user: null });
        expectGraphqlError(await client().operation(`{ user(id: "abc") { id } }`), 200, "BAD_USER_INPUT");
      },
      T,
    );
  });

  describe("HTTP", () => {
    test("GET /graphql runs a query; a mutation over GET is 405 BAD_REQUEST; a POST that is not JSON is 415", async () => {
      const query = encodeURIComponent("{ users(limit: 1) { id } }");
      const get = await client().call("GET", `/graphql?query=${query}`, { headers: { accept: "application/json" } });
      expect(Array.isArray(graphqlBody(get, 200).data.users)).toBe(true);
      const mutation = encodeURIComponent(`mutation { deleteUser(id: "${NO_USER}") }`);
      const overGet = await client().call("GET", `/graphql?query=${mutation}`);
      expectGraphqlError(overGet, 405, "BAD_REQUEST");
      expect(overGet.headers.get("allow")).toBe("POST");
      const form = await client().call("POST", "/graphql", {
        body: `query=${encodeURIComponent("{ users { id } }")}`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expectGraphqlError(form, 415, "UNSUPPORTED_MEDIA_TYPE");
    });

    test("refusals before the query runs are GraphQL errors in a GraphQL content type: 2 MB body 413, PUT 405 with Allow, malformed JSON 400", async () => {
      const accept = "application/graphql-response+json";
      const big = JSON.stringify({ query: "{ users { id } }", variables: { padding: "x".repeat(2_000_000) } });
      const tooLarge = await client().call("POST", "/graphql", { body: big, headers: { accept } });
      expectGraphqlError(tooLarge, 413, "PAYLOAD_TOO_LARGE");
      expect(tooLarge.headers.get("content-type")).toStartWith(accept);
      const put = await client().call("PUT", "/graphql", { body: { query: "{ users { id } }" }, headers: { accept } });
      expectGraphqlError(put, 405, "METHOD_NOT_ALLOWED");
      expect(put.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(put.headers.get("content-type")).toStartWith(accept);
      const malformed = await client().call("POST", "/graphql", { body: "{ not json", headers: { accept } });
      expectGraphqlError(malformed, 400, "BAD_REQUEST");
      // The REST routes keep the REST envelope.
      const health = await client().call("PUT", "/health");
      expectStatus(health, 405);
      expect((health.json as { error: { code: string } }).error.code).toBe("METHOD_NOT_ALLOWED");
    }, 30_000);

    test("a query that is not valid GraphQL or names an unknown field is 400 with yoga's codes, and no suggestion", async () => {
      const syntax = await client().operation("{ users { id ");
      expect(graphqlBody(syntax, 400).errors?.[0]?.extensions?.code).toBe("GRAPHQL_PARSE_FAILED");
      const unknown = await client().operation("{ users { emial } }");
      const body = graphqlBody(unknown, 400);
      expect(body.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
      expect(unknown.text).not.toContain("Did you mean");
    });
  });

  describe("abuse limits", () => {
    test("more than 10 aliases, more than 15 levels or more than 2,000 tokens are refused before anything runs (400)", async () => {
      const aliases = Array.from({ length: 11 }, (_, i) => `a${i}: users(limit: 1) { id }`).join(" ");
      const tooMany = graphqlBody(await client().operation(`{ ${aliases} }`), 400);
      expect(tooMany.errors?.[0]?.message).toContain("aliases");
      expect(tooMany.data).toBeUndefined();
      let nested = "name";
      for (let level = 4; level < 17; level++) nested = `ofType { ${nested} }`;
      const deep = graphqlBody(
        await client().operation(`{ __type(name: "User") { fields { type { ${nested} } } } }`),
        400,
      );
      expect(deep.errors?.map((error) => error.message).join(" ")).toContain(
        "Query depth 17 exceeds the maximum of 15",
      );
      const tokens = graphqlBody(await client().operation(`{ users { ${"id ".repeat(2_000)}} }`), 400);
      expect(tokens.errors?.[0]?.message).toContain("2000 tokens");
    });

    test("introspection and GraphiQL follow GRAPHQL_INTROSPECTION (off by default in production)", async () => {
      const introspection = await client().operation("{ __schema { queryType { name } } }");
      const page = await client().call("GET", "/", { headers: { "accept-encoding": "gzip" } });
      if (target().introspection) {
        expect(graphqlBody(introspection, 200).data.__schema.queryType.name).toBe("Query");
        expectStatus(page, 200);
        expect(page.headers.get("content-type")).toContain("text/html");
        expect(page.headers.get("etag")).toBeTruthy();
        expect(page.headers.get("cache-control")).toContain("max-age");
        expect(page.text).toContain("/graphql");
        const sources = [...page.text.matchAll(/(?:src|href)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/g)];
        expect(sources.map((match) => match[1])).toEqual([]);
        const cached = await client().call("GET", "/", {
          headers: { "if-none-match": page.headers.get("etag") ?? "" },
        });
        expectStatus(cached, 304);
      } else {
        expect(graphqlBody(introspection, 400).errors?.[0]?.message).toContain("introspection has been disabled");
        expectStatus(page, 404);
      }
    });

    test("GraphiQL travels compressed: gzip on the wire is under a third of the page", async () => {
      if (!target().introspection) return;
      const response = await fetch(`${target().url}/`, {
        headers: { "accept-encoding": "gzip" },
        decompress: false,
      } as RequestInit);
      expect(response.headers.get("content-encoding")).toBe("gzip");
      const wire = new Uint8Array(await response.arrayBuffer());
      const html = gunzipSync(wire);
      expect(wire.byteLength).toBeLessThan(html.byteLength / 3);
    });
  });
}
