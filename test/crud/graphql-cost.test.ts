/**
 * The cost limit of scaffold/crud/graphql (no database needed: a query is measured while it is validated): rows count
 * 1, list queries and one-to-many fields multiply what they hold by their page size, scalars are free.
 */
import { describe, expect, test } from "bun:test";
import { type GraphQLObjectType, type GraphQLSchema, parse, validate } from "graphql";
import { resources as exampleResources } from "../../examples/crud/resources.ts";
import { crudGraphql, defaultLimits } from "../../src/crud/graphql/index.ts";
import { limitsRule } from "../../src/crud/graphql/limits.ts";
import { defineResource } from "../../src/crud/index.ts";
import { auth, authorsResource, booksResource } from "./support/resources.ts";
import { pgTables } from "./support/tables.ts";

const testSchema = () => {
  const tables = pgTables();
  return crudGraphql({
    db: {},
    auth,
    resources: [authorsResource(tables), booksResource(tables), defineResource(tables.bookTags, { path: "book-tags" })],
  }).schema;
};

/** The errors the limits rule reports, with the given maximum cost (depth unbounded). */
const limitErrors = (schema: GraphQLSchema, query: string, maxCost = defaultLimits.maxCost) =>
  validate(schema, parse(query), [limitsRule({ maxDepth: 100, maxCost })]).map((e) => [e.message, e.extensions.code]);

/** The measured cost, read from the message of a maximum no query stays under. */
const costOf = (schema: GraphQLSchema, query: string) => {
  const [error] = limitErrors(schema, query, -1);
  return Number(/Query cost (\d+)/.exec(String(error?.[0]))?.[1]);
};

describe("GraphQL cost: the rows a query can read", () => {
  const schema = testSchema();

  test("scalars are free, a row counts 1, a list query counts its size in rows", () => {
    expect(costOf(schema, "{ books(size: 20) { edges { node { id title pages } } } }")).toBe(20);
    // 20 books and, per book, its author: 40 rows whatever the fields selected.
    expect(costOf(schema, "{ books(size: 20) { edges { node { title author { name } } } } }")).toBe(40);
    expect(costOf(schema, "{ books(size: 20) { edges { node { id title pages author { id name email } } } } }")).toBe(
      40,
    );
  });

  test("the documented message and code, and the boundary: a cost equal to the maximum passes", () => {
    const query = "{ books(size: 20) { edges { node { title author { name } } } } }";
    expect(limitErrors(schema, query, 39)).toEqual([["Query cost 40 exceeds the maximum of 39", "QUERY_TOO_COSTLY"]]);
    expect(limitErrors(schema, query, 40)).toEqual([]);
  });

  test("a one-to-many field counts its size: given, the default, or the maximum for a variable", () => {
    const books = (schema.getType("Author") as GraphQLObjectType).getFields().books;
    expect(books?.args.map((a) => a.name)).toEqual(["page", "size"]);
    const cost = (size: string) =>
      costOf(
        schema,
        `query ${size.includes("$n") ? "($n: Int)" : ""} { authors(size: 10) { edges { node { name books${size} { title } } } } }`,
      );
    // 10 authors + 10 × size books
    expect(cost("(size: 3)")).toBe(40);
    expect(cost("")).toBe(210);
    expect(cost("(size: $n)")).toBe(1010);
  });

  test("nested lists multiply, through fragments too", () => {
    const query = `{ authors(size: 10) { edges { node { ...shelf } } } }
      fragment shelf on Author { books(size: 5) { bookTags(size: 2) { tag } } }`;
    // 10 authors, 50 books, 100 tags
    expect(costOf(schema, query)).toBe(160);
  });

  test("every root field counts at least 1: a count or a delete still runs a statement", () => {
    expect(costOf(schema, "{ books { totalCount } authors { pageInfo { hasNextPage } } }")).toBe(2);
    const deletes = Array.from({ length: 5001 }, (_, i) => `d${i}: deleteBook(id: ${i})`).join(" ");
    expect(limitErrors(schema, `mutation { ${deletes} }`)).toEqual([
      ["Query cost 5001 exceeds the maximum of 5000", "QUERY_TOO_COSTLY"],
    ]);
  });

  test("still a bound: nested lists at their maximum size are refused by default", () => {
    // 100 authors × 100 books each: 10,100 rows.
    const query = "{ authors(size: 100) { edges { node { books(size: 100) { title } } } } }";
    expect(limitErrors(schema, query)).toEqual([["Query cost 10100 exceeds the maximum of 5000", "QUERY_TOO_COSTLY"]]);
    // At default sizes too, once lists nest three deep: 20 authors, 400 books, their 400 authors, 8,000 books.
    const deeper = "{ authors { edges { node { books { author { books { title } } } } } } }";
    expect(limitErrors(schema, deeper)).toEqual([["Query cost 8820 exceeds the maximum of 5000", "QUERY_TOO_COSTLY"]]);
  });

  test("introspection is free", () => {
    expect(limitErrors(schema, "{ __schema { types { name fields { name } } } }", 0)).toEqual([]);
  });
});

describe("the documentation's example at default sizes", () => {
  const { schema } = crudGraphql({ db: {}, resources: exampleResources, auth: () => null });
  const bookFields =
    "id title isbn year price sold authorId deleted deletedAt createdAt updatedAt createdBy updatedBy version";

  test("20 books, every field, with their author and the author's books: 440 rows, under the default maximum", () => {
    const query = `{ books { edges { node { ${bookFields} author { id name country born books { ${bookFields} } } } } } }`;
    expect(limitErrors(schema, query)).toEqual([]);
    // 20 books + 20 authors + 20 × 20 of the authors' books
    expect(costOf(schema, query)).toBe(440);
  });
});
