/** The generated schema (no database needed): names, types, inputs and options of scaffold/crud/graphql. */
import { describe, expect, test } from "bun:test";
import { type GraphQLInputObjectType, GraphQLObjectType } from "graphql";
import { Hono } from "hono";
import { crudGraphql } from "../../src/crud/graphql/index.ts";
import { defineResource } from "../../src/crud/index.ts";
import { auth, authorsResource, booksResource, countriesResource } from "./support/resources.ts";
import { pgTables, sqliteTables } from "./support/tables.ts";

const build = (tables = pgTables(), extra = {}) =>
  crudGraphql({
    db: {},
    auth,
    resources: [
      authorsResource(tables),
      booksResource(tables),
      countriesResource(tables),
      defineResource(tables.bookTags, { path: "book-tags" }),
    ],
    ...extra,
  });

const fieldsOf = (type: unknown) => Object.keys((type as GraphQLObjectType | GraphQLInputObjectType).getFields());

describe("generated schema", () => {
  test("types and queries are named from the resource name, singular and plural", () => {
    const { schema } = build();
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual([
      "author",
      "authors",
      "book",
      "books",
      "country",
      "countries",
      "bookTag",
      "bookTags",
    ]);
    expect(schema.getType("BookTag")).toBeInstanceOf(GraphQLObjectType);
    expect(fieldsOf(schema.getType("BookTagKey"))).toEqual(["bookId", "tag"]);
  });

  test("hidden fields are nowhere; read-only and managed fields are output only", () => {
    const { schema, sdl } = build();
    expect(sdl).not.toContain("secret");
    expect(fieldsOf(schema.getType("Author"))).toContain("code");
    for (const input of ["AuthorCreateInput", "AuthorUpdateInput", "AuthorPatchInput"]) {
      expect(fieldsOf(schema.getType(input))).toEqual([
        "name",
        "email",
        "rating",
        "active",
        "born",
        "logged",
        "logged_in",
        "mentorId",
      ]);
    }
    expect(fieldsOf(schema.getType("BookCreateInput"))).toEqual(["title", "authorId", "pages"]);
    expect(fieldsOf(schema.getType("BookTagCreateInput"))).toEqual(["bookId", "tag", "note"]);
    expect(fieldsOf(schema.getType("BookTagPatchInput"))).toEqual(["note"]);
  });

  test("connections, relations both ways, and the filter input with the REST parameter names", () => {
    const { schema, sdl } = build();
    expect(sdl).toContain("type BookConnection {\n  edges: [BookEdge!]!\n  pageInfo: PageInfo!\n  totalCount: Int!\n}");
    expect(fieldsOf(schema.getType("Book"))).toContain("author");
    expect(fieldsOf(schema.getType("Author"))).toEqual(expect.arrayContaining(["mentor", "authorsByMentor", "books"]));
    expect(fieldsOf(schema.getType("Book"))).toContain("bookTags");
    expect(fieldsOf(schema.getType("BookFilter"))).toEqual([
      "title_like",
      "pages_not_null",
      "includeDeleted",
      "deletedOnly",
    ]);
    expect(fieldsOf(schema.getType("CountryFilter"))).toEqual(["size_gte", "size_lte", "size_not_in"]);
    expect(schema.getType("BookTagFilter")).toBeUndefined();
  });

  test("integer columns: Int within 32 bits, SafeInt beyond (SQLite integers are 64-bit)", () => {
    expect(build().sdl).toContain("  id: Int!\n  name: String!");
    expect(build(sqliteTables()).sdl).toContain("  id: SafeInt!\n  name: String!");
  });

  test("a custom endpoint path, GraphiQL off, and a disabled library", async () => {
    const { app } = build(pgTables(), { path: "/api/graphql", graphiql: false });
    const answer = await app.request("/api/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(await answer.json()).toEqual({ data: { __typename: "Query" } });
    expect((await app.request("/graphiql")).status).toBe(404);
    expect((await app.request("/graphql", { method: "POST" })).status).toBe(404);
    const off = build(pgTables(), { enabled: false });
    expect((await off.app.request("/graphql?query={__typename}")).status).toBe(404);
    expect(off.sdl).toContain("type Query");
  });

  test("mounted under a prefix: the endpoint answers there, and GraphiQL posts to it", async () => {
    const host = new Hono().route("/v1", build().app);
    const answer = await host.request("/v1/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(await answer.json()).toEqual({ data: { __typename: "Query" } });
    const page = await (await host.request("/v1/graphiql")).text();
    expect(page).toContain('"endpoint":"/v1/graphql"');
  });

  test("start-up errors name the resource", () => {
    const tables = pgTables();
    expect(() =>
      crudGraphql({
        db: {},
        resources: [defineResource(tables.countries, { path: "a" }), defineResource(tables.countries, { path: "b" })],
      }),
    ).toThrow("resource 'countries': GraphQL name 'Country' is also used by 'countries'");
  });
});
