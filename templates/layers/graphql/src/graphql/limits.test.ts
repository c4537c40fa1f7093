import { describe, expect, test } from "bun:test";
import { getIntrospectionQuery } from "graphql";
import { createTestApp, graphql, type Json } from "../../test/support/test-app.ts";
import { queryLimits } from "./limits.ts";

const development = { APP_ENV: "development" };
const messages = (body: Json): string[] => (body.errors ?? []).map((error: Json) => error.message);

/** `__type(name: "User") { fields { type { ofType { … } } } }`, `depth` fields deep. */
function nestedTypeQuery(depth: number): string {
  let inner = "name";
  for (let level = 4; level < depth; level++) inner = `ofType { ${inner} }`;
  return `{ __type(name: "User") { fields { type { ${inner} } } } }`;
}

describe("query limits", () => {
  test("GraphiQL's own schema query fits every limit", async () => {
    const { app } = createTestApp({ env: development });
    const { status, body } = await graphql(app, getIntrospectionQuery());
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(body.data.__schema.queryType.name).toBe("Query");
  });

  test(`depth: ${queryLimits.maxDepth} levels pass, one more is refused before anything runs`, async () => {
    const { app } = createTestApp({ env: development });
    expect((await graphql(app, nestedTypeQuery(queryLimits.maxDepth))).body.errors).toBeUndefined();
    const { status, body } = await graphql(app, nestedTypeQuery(queryLimits.maxDepth + 1));
    expect(status).toBe(400);
    expect(body.data).toBeUndefined();
    expect(messages(body)).toEqual([
      `Query depth ${queryLimits.maxDepth + 1} exceeds the maximum of ${queryLimits.maxDepth}`,
    ]);
    expect(body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  test(`aliases: ${queryLimits.maxAliases} pass, more are refused (also through fragments)`, async () => {
    const { app, users } = createTestApp();
    const aliased = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: users(limit: 100) { id }`).join(" ");
    expect((await graphql(app, `{ ${aliased(queryLimits.maxAliases)} }`)).body.errors).toBeUndefined();
    const refused = await graphql(app, `{ ${aliased(queryLimits.maxAliases + 1)} }`);
    expect(refused.status).toBe(400);
    expect(messages(refused.body)).toEqual([
      `Query has 11 aliases, more than the maximum of ${queryLimits.maxAliases}`,
    ]);
    const viaFragment = await graphql(app, `{ ...F a: users { id } } fragment F on Query { ${aliased(10)} }`);
    expect(messages(viaFragment.body)[0]).toContain("aliases");
    expect(users.rows).toEqual([]);
  });

  test(`tokens: a query of more than ${queryLimits.maxTokens} tokens is refused unparsed`, async () => {
    const { app } = createTestApp();
    const fields = (n: number) => Array.from({ length: n }, () => "id").join(" ");
    // `{ users { … } }` is 4 tokens besides the fields, and graphql-js counts the start of the text as one. (So many
    // equal fields are another limit's business, graphql-js gives up comparing them: what counts here is that the
    // token limit lets the query through to validation.)
    const under = await graphql(app, `{ users { ${fields(queryLimits.maxTokens - 5)} } }`);
    expect(messages(under.body).join(" ")).not.toContain("tokens");
    const { status, body } = await graphql(app, `{ users { ${fields(queryLimits.maxTokens)} } }`);
    expect(status).toBe(400);
    expect(messages(body)[0]).toContain(`${queryLimits.maxTokens} tokens`);
  });
});

describe("what the schema tells a stranger", () => {
  test("outside development, an unknown field's error suggests no field name", async () => {
    const { app } = createTestApp({ env: { APP_ENV: "production" } });
    const { status, body } = await graphql(app, "{ users { emial } }");
    expect(status).toBe(400);
    expect(messages(body)).toEqual(['Cannot query field "emial" on type "User".']);
    const variable = await graphql(app, "mutation ($i: CreateUserInput!) { createUser(input: $i) { id } }", {
      i: { emial: "a@example.com" },
    });
    expect(variable.body.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(messages(variable.body).join(" ")).toContain("emial");
    expect(messages(variable.body).join(" ")).not.toContain("Did you mean");
  });

  test("in development, it does", async () => {
    const { app } = createTestApp({ env: development });
    expect(messages((await graphql(app, "{ users { emial } }")).body)[0]).toContain('Did you mean "email"?');
  });

  test("introspection: off in production unless GRAPHQL_INTROSPECTION=true; on in development unless false", async () => {
    const introspect = async (env: Record<string, string>) => {
      const { app } = createTestApp({ env });
      return (await graphql(app, "{ __schema { queryType { name } } }")).body;
    };
    expect(messages(await introspect({ APP_ENV: "production" }))[0]).toContain("introspection");
    const refused = await introspect({}); // APP_ENV defaults to production
    expect(refused.data).toBeUndefined();
    expect(messages(refused)[0]).toContain("introspection has been disabled");
    expect((await introspect({ APP_ENV: "production", GRAPHQL_INTROSPECTION: "true" })).data.__schema).toBeDefined();
    expect((await introspect(development)).data.__schema).toBeDefined();
    expect((await introspect({ ...development, GRAPHQL_INTROSPECTION: "false" })).data).toBeUndefined();
  });
});
