/**
 * The GraphQL behavioural suite every dialect runs (see graphql-*.test.ts), over the same tables, seed rows and
 * resources as the REST suite: queries, filters, paging edges, mutations, relations (with statement counts), security,
 * errors and limits of scaffold/crud/graphql.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { type CrudGraphqlOptions, crudGraphql } from "../../../src/crud/graphql/index.ts";
import { type CrudOptions, defineResource } from "../../../src/crud/index.ts";
import { missing } from "../../support/env.ts";
import type { DialectFactory, TestDatabase } from "./dialects.ts";
import { codes, gql } from "./graphql-http.ts";
import { auth, authorsResource, booksResource, countriesResource, editor, reader } from "./resources.ts";
import { type Seed, seed } from "./seed.ts";

// biome-ignore lint/suspicious/noExplicitAny: writes extra rows through whichever dialect's Drizzle database
type Loose = any;

export function graphqlSuite(factory: DialectFactory): void {
  const skip = factory.available ? false : missing(`the ${factory.name} server`, false);
  describe.skipIf(skip)(`scaffold/crud/graphql on ${factory.name}`, () => {
    let t: TestDatabase;
    let ids: Seed;
    beforeAll(async () => {
      t = await factory.open();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });
    beforeEach(async () => {
      ids = await seed(t);
    }, 30_000);

    const app = (options: Partial<CrudGraphqlOptions> = {}) =>
      crudGraphql({
        db: t.db,
        auth,
        resources: [
          authorsResource(t.tables),
          booksResource(t.tables),
          countriesResource(t.tables),
          defineResource(t.tables.bookTags, { path: "book-tags" }),
        ],
        ...options,
      }).app;
    const titles = (data: { edges: { node: { title: string } }[] }) => data.edges.map((e) => e.node.title);
    const names = (data: { edges: { node: { name: string } }[] }) => data.edges.map((e) => e.node.name);

    describe("single-row queries", () => {
      test("by numeric, string and composite id; an unknown id is null", async () => {
        const { alice, dune } = ids;
        const r = await gql(
          app(),
          `query($tag: String!) {
            author(id: ${alice}) { id name email rating active born code mentorId }
            country(id: "C03") { code name size }
            bookTag(id: { bookId: ${dune}, tag: $tag }) { bookId tag note }
            missing: author(id: 999999) { id }
            missingCountry: country(id: "nope") { code }
          }`,
          { tag: "scifi" },
        );
        expect(r.errors).toBeUndefined();
        expect(r.data.author).toEqual({
          id: alice,
          name: "Alice",
          email: "alice@example.com",
          rating: 5,
          active: true,
          born: "1980-01-01T00:00:00.000Z",
          code: "A",
          mentorId: null,
        });
        expect(r.data.country).toEqual({ code: "C03", name: "Country 3", size: 3 });
        expect(r.data.bookTag).toEqual({ bookId: dune, tag: "scifi", note: "space" });
        expect([r.data.missing, r.data.missingCountry]).toEqual([null, null]);
      });

      test("hidden fields are not in the type; soft-deleted rows are null", async () => {
        const hidden = await gql(app(), `{ author(id: ${ids.alice}) { secret } }`);
        expect(codes(hidden)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
        await gql(app(), `mutation { deleteBook(id: ${ids.dune}) }`, undefined, editor);
        const gone = await gql(app(), `{ book(id: ${ids.dune}) { id } }`);
        expect(gone.data.book).toBeNull();
      });
    });

    describe("list queries: paging and sorting", () => {
      test("default page, next page, totalCount and pageInfo", async () => {
        const first = await gql(
          app(),
          `{ countries(sort: [{ field: size }]) { totalCount pageInfo { hasNextPage hasPreviousPage } edges { node { code size } } } }`,
        );
        expect(first.data.countries.totalCount).toBe(25);
        expect(first.data.countries.edges).toHaveLength(20);
        expect(first.data.countries.edges[0].node).toEqual({ code: "C01", size: 1 });
        expect(first.data.countries.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
        const last = await gql(
          app(),
          `{ countries(page: 1, sort: [{ field: size }]) { totalCount pageInfo { hasNextPage hasPreviousPage } edges { node { size } } } }`,
        );
        expect(last.data.countries.edges.map((e: { node: { size: number } }) => e.node.size)).toEqual([
          21, 22, 23, 24, 25,
        ]);
        expect(last.data.countries.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
        expect(last.data.countries.totalCount).toBe(25);
        const beyond = await gql(app(), `{ countries(page: 9, size: 10) { totalCount edges { node { code } } } }`);
        expect([beyond.data.countries.edges, beyond.data.countries.totalCount]).toEqual([[], 25]);
        const exact = await gql(app(), `{ countries(size: 25) { pageInfo { hasNextPage } } }`);
        expect(exact.data.countries.pageInfo.hasNextPage).toBe(false);
      });

      test("the page's statement counts the total only when the query reads it (also through fragments)", async () => {
        type Countries = { edges: unknown[]; totalCount?: number; pageInfo?: { hasNextPage?: boolean } };
        const run = async (query: string) => {
          const before = t.statements.length;
          const r = await gql(app(), query);
          expect(r.errors).toBeUndefined();
          return { countries: r.data.countries, statements: t.statements.slice(before) };
        };
        const counts = (statements: string[]) => statements.filter((s) => /count\(/i.test(s)).length;
        const plain = await run(`{ countries(size: 10) { edges { node { code } } pageInfo { hasPreviousPage } } }`);
        expect([plain.countries.edges.length, plain.statements.length, counts(plain.statements)]).toEqual([10, 1, 0]);
        const list = "countries(size: 10) { edges { node { code } }";
        for (const [query, read] of [
          [`{ ${list} totalCount } }`, (c: Countries) => c.totalCount],
          [`{ ${list} pageInfo { hasNextPage } } }`, (c: Countries) => c.pageInfo?.hasNextPage],
          [`{ ${list} ... on CountryConnection { totalCount } } }`, (c: Countries) => c.totalCount],
          [
            `{ ${list} ...total } } fragment total on CountryConnection { pageInfo { ...next } } fragment next on PageInfo { hasNextPage }`,
            (c: Countries) => c.pageInfo?.hasNextPage,
          ],
        ] as const) {
          const answer = await run(query);
          expect(answer.countries.edges).toHaveLength(10);
          expect(read(answer.countries)).toBe(query.includes("totalCount") ? 25 : true);
          expect([answer.statements.length, counts(answer.statements)]).toEqual([1, 1]);
        }
        const beyond = await run(`{ countries(page: 9, size: 10) { totalCount } }`);
        expect([beyond.countries.totalCount, beyond.statements.length]).toEqual([25, 2]);
      });

      test("sort descending and by several fields; the key breaks ties", async () => {
        const r = await gql(
          app(),
          `{ authors(sort: [{ field: active, direction: DESC }, { field: name, direction: DESC }]) { edges { node { name } } } }`,
        );
        expect(names(r.data.authors)).toEqual(["Carol 100%_x", "Alice", "Bob"]);
      });

      test("size above the maximum, size 0 and a negative page are BAD_USER_INPUT", async () => {
        for (const args of ["size: 101", "size: 0", "page: -1"]) {
          const r = await gql(app(), `{ countries(${args}) { totalCount } }`);
          expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
          expect(r.data).toBeNull();
        }
        const limited = await gql(
          app({ paging: { defaultSize: 5, maxSize: 5 } }),
          `{ countries(size: 6) { totalCount } }`,
        );
        expect(limited.errors?.[0]?.message).toBe("Invalid size: must be an integer between 1 and 5");
      });

      test("one-indexed paging as configured", async () => {
        const r = await gql(
          app({ paging: { oneIndexed: true } }),
          `{ countries(page: 1, size: 10, sort: [{ field: size }]) { pageInfo { hasPreviousPage } edges { node { size } } } }`,
        );
        expect(r.data.countries.edges[0].node.size).toBe(1);
        expect(r.data.countries.pageInfo.hasPreviousPage).toBe(false);
        expect(
          codes(await gql(app({ paging: { oneIndexed: true } }), `{ countries(page: 0) { totalCount } }`)),
        ).toEqual(["BAD_USER_INPUT"]);
      });
    });

    describe("filters: the REST parameters as input fields", () => {
      const authors = async (filter: string) => {
        const r = await gql(
          app(),
          `{ authors(filter: ${filter}, sort: [{ field: name }]) { edges { node { name } } } }`,
        );
        expect(r.errors).toBeUndefined();
        return names(r.data.authors);
      };

      test("equals, like (with % and _ taken literally), in and not in", async () => {
        expect(await authors(`{ name: "Bob" }`)).toEqual(["Bob"]);
        expect(await authors(`{ name_like: "0%_" }`)).toEqual(["Carol 100%_x"]);
        expect(await authors(`{ name_like: "LIC" }`)).toEqual(["Alice"]);
        expect(await authors(`{ name_in: ["Alice", "Bob"] }`)).toEqual(["Alice", "Bob"]);
        expect(await authors(`{ name_not_in: ["Alice"] }`)).toEqual(["Bob", "Carol 100%_x"]);
        expect(await authors(`{ active: false }`)).toEqual(["Bob"]);
        expect(await authors(`{ logged_in: "yes" }`)).toEqual(["Bob"]);
      });

      test("comparisons, ranges, null checks and dates; filters combine with AND", async () => {
        expect(await authors(`{ rating_gt: 3 }`)).toEqual(["Alice"]);
        expect(await authors(`{ rating_lt: 5 }`)).toEqual(["Bob"]);
        expect(await authors(`{ rating_gte: 3, rating_lte: 4 }`)).toEqual(["Bob"]);
        expect(await authors(`{ rating_between: [3, 5] }`)).toEqual(["Alice", "Bob"]);
        expect(await authors(`{ rating_range: [4, 5] }`)).toEqual(["Alice"]);
        expect(await authors(`{ rating_null: true }`)).toEqual(["Carol 100%_x"]);
        expect(await authors(`{ rating_not_null: true, active: true }`)).toEqual(["Alice"]);
        expect(await authors(`{ born_gt: "1985-01-01T00:00:00Z" }`)).toEqual(["Bob"]);
        const countries = await gql(app(), `{ countries(filter: { size_gte: 24, size_not_in: [25] }) { totalCount } }`);
        expect(countries.data.countries.totalCount).toBe(1);
      });

      test("bad filter values are BAD_USER_INPUT with the REST message; unknown filters are schema errors", async () => {
        const date = await gql(app(), `{ authors(filter: { born_gt: "yesterday" }) { totalCount } }`);
        expect(codes(date)).toEqual(["BAD_USER_INPUT"]);
        expect(date.errors?.[0]?.message).toBe("Invalid value for born: 'yesterday'");
        const between = await gql(app(), `{ authors(filter: { rating_between: [1] }) { totalCount } }`);
        expect(between.errors?.[0]?.message).toBe("rating_between needs two comma-separated bounds");
        const comma = await gql(app(), `{ authors(filter: { name_in: ["a,b"] }) { totalCount } }`);
        expect(codes(comma)).toEqual(["BAD_USER_INPUT"]);
        const notAllowed = await gql(app(), `{ authors(filter: { code: "A" }) { totalCount } }`);
        expect(codes(notAllowed)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
      });

      test("soft-deleted rows only when asked for", async () => {
        await gql(app(), `mutation { deleteBook(id: ${ids.emma}) }`, undefined, editor);
        const list = (filter: string) =>
          gql(app(), `{ books(filter: ${filter}, sort: [{ field: title }]) { edges { node { title deleted } } } }`);
        expect(titles((await list("{}")).data.books)).toEqual(["Dune", "Fear"]);
        expect(titles((await list("{ includeDeleted: true }")).data.books)).toEqual(["Dune", "Emma", "Fear"]);
        expect(titles((await list("{ deletedOnly: true }")).data.books)).toEqual(["Emma"]);
      });
    });

    describe("mutations", () => {
      test("create: defaults, audit columns, the REST validation errors", async () => {
        const created = await gql(
          app(),
          `mutation { createBook(input: { title: "Gulliver", authorId: ${ids.alice} }) { id title pages deleted version createdBy updatedBy createdAt } }`,
          undefined,
          editor,
        );
        expect(created.errors).toBeUndefined();
        expect(created.data.createBook).toMatchObject({ title: "Gulliver", pages: null, deleted: false, version: 0 });
        expect([created.data.createBook.createdBy, created.data.createBook.updatedBy]).toEqual(["7", "7"]);
        expect(Number.isNaN(Date.parse(created.data.createBook.createdAt))).toBe(false);
        const invalid = await gql(app(), `mutation { createAuthor(input: { name: "A", email: "nope" }) { id } }`);
        expect(codes(invalid)).toEqual(["BAD_USER_INPUT"]);
        expect(invalid.errors?.[0]?.extensions?.errors).toEqual([
          { field: "name", message: "name too short", rejectedValue: "A", code: "Size", validationGroup: "Create" },
          {
            field: "email",
            message: expect.any(String),
            rejectedValue: "nope",
            code: "Email",
            validationGroup: "Create",
          },
        ]);
        const missingName = await gql(app(), `mutation { createAuthor(input: { email: "x@example.com" }) { id } }`);
        expect(missingName.errors?.[0]?.extensions?.errors).toEqual([
          {
            field: "name",
            message: "must not be null",
            rejectedValue: null,
            code: "NotNull",
            validationGroup: "Create",
          },
        ]);
      });

      test("read-only and hidden fields are not inputs", async () => {
        const readOnly = await gql(
          app(),
          `mutation { createAuthor(input: { name: "Zed", email: "z@example.com", code: "Z" }) { id } }`,
        );
        expect(codes(readOnly)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
        const hidden = await gql(app(), `mutation { patchAuthor(id: ${ids.alice}, input: { secret: "x" }) { id } }`);
        expect(codes(hidden)).toEqual(["GRAPHQL_VALIDATION_FAILED"]);
      });

      test("update replaces (omitted = null), patch changes only what it names", async () => {
        const { bob } = ids;
        const patched = await gql(
          app(),
          `mutation { patchAuthor(id: ${bob}, input: { rating: 4 }) { name rating active mentorId } }`,
        );
        expect(patched.data.patchAuthor).toEqual({ name: "Bob", rating: 4, active: false, mentorId: ids.alice });
        const replaced = await gql(
          app(),
          `mutation { updateAuthor(id: ${bob}, input: { name: "Robert", email: "bob@example.com", active: true }) { name rating active mentorId } }`,
        );
        expect(replaced.data.updateAuthor).toEqual({ name: "Robert", rating: null, active: true, mentorId: null });
        const notNull = await gql(app(), `mutation { updateAuthor(id: ${bob}, input: { name: "Robert" }) { name } }`);
        expect(notNull.errors?.[0]?.extensions?.errors).toMatchObject([
          { field: "email", code: "NotNull", validationGroup: "Update" },
          { field: "active", code: "NotNull", validationGroup: "Update" },
        ]);
        const unknown = await gql(app(), `mutation { patchAuthor(id: 999999, input: { rating: 1 }) { id } }`);
        expect(codes(unknown)).toEqual(["NOT_FOUND"]);
      });

      test("string and composite ids in mutations", async () => {
        const country = await gql(
          app(),
          `mutation { patchCountry(id: "C02", input: { name: "Two" }) { code name size } }`,
        );
        expect(country.data.patchCountry).toEqual({ code: "C02", name: "Two", size: 2 });
        const tag = await gql(
          app(),
          `mutation { patchBookTag(id: { bookId: ${ids.dune}, tag: "classic" }, input: { note: "old" }) { bookId tag note } }`,
        );
        expect(tag.data.patchBookTag).toEqual({ bookId: ids.dune, tag: "classic", note: "old" });
        const removed = await gql(app(), `mutation { deleteBookTag(id: { bookId: ${ids.dune}, tag: "classic" }) }`);
        expect(removed.data.deleteBookTag).toBe(true);
        const again = await gql(app(), `{ bookTag(id: { bookId: ${ids.dune}, tag: "classic" }) { tag } }`);
        expect(again.data.bookTag).toBeNull();
      });

      test("CONFLICT on unique and foreign-key violations and on a stale version", async () => {
        const duplicate = await gql(
          app(),
          `mutation { createAuthor(input: { name: "Al", email: "alice@example.com" }) { id } }`,
        );
        expect(codes(duplicate)).toEqual(["CONFLICT"]);
        const referenced = await gql(app(), `mutation { deleteAuthor(id: ${ids.carol}) }`);
        expect(codes(referenced)).toEqual(["CONFLICT"]);
        const badParent = await gql(
          app(),
          `mutation { createBook(input: { title: "X", authorId: 999999 }) { id } }`,
          undefined,
          editor,
        );
        expect(codes(badParent)).toEqual(["CONFLICT"]);
        const fresh = await gql(
          app(),
          `mutation { patchBook(id: ${ids.dune}, version: 0, input: { pages: 1 }) { version pages } }`,
          undefined,
          editor,
        );
        expect(fresh.data.patchBook).toEqual({ version: 1, pages: 1 });
        const stale = await gql(
          app(),
          `mutation { patchBook(id: ${ids.dune}, version: 0, input: { pages: 2 }) { version } }`,
          undefined,
          editor,
        );
        expect(codes(stale)).toEqual(["CONFLICT"]);
      });

      test("soft delete, restore and permanent delete", async () => {
        const { fear } = ids;
        const m = (q: string) => gql(app(), `mutation { ${q} }`, undefined, editor);
        expect((await m(`deleteBook(id: ${fear})`)).data.deleteBook).toBe(true);
        expect(codes(await m(`deleteBook(id: ${fear})`))).toEqual(["NOT_FOUND"]);
        expect(codes(await m(`patchBook(id: ${fear}, input: { pages: 3 }) { id }`))).toEqual(["NOT_FOUND"]);
        const restored = await m(`restoreBook(id: ${fear}) { title deleted deletedAt version }`);
        expect(restored.data.restoreBook).toEqual({ title: "Fear", deleted: false, deletedAt: null, version: 2 });
        expect((await m(`deleteBook(id: ${fear}, permanent: true)`)).data.deleteBook).toBe(true);
        expect(codes(await m(`restoreBook(id: ${fear}) { id }`))).toEqual(["NOT_FOUND"]);
      });
    });

    describe("security", () => {
      test("UNAUTHENTICATED without a user, FORBIDDEN without the role, per operation", async () => {
        const create = `mutation { createBook(input: { title: "New", authorId: ${ids.alice} }) { id } }`;
        expect(codes(await gql(app(), create))).toEqual(["UNAUTHENTICATED"]);
        expect(codes(await gql(app(), create, undefined, reader))).toEqual(["FORBIDDEN"]);
        expect(codes(await gql(app(), create, undefined, editor))).toEqual([]);
        const read = await gql(app(), `{ books { totalCount } }`);
        expect(read.data.books.totalCount).toBe(4);
        const locked = app({
          resources: [authorsResource(t.tables, { security: { level: "AUTHENTICATED" } }), booksResource(t.tables)],
        });
        expect(codes(await gql(locked, `{ authors { totalCount } }`))).toEqual(["UNAUTHENTICATED"]);
        expect(codes(await gql(locked, `{ author(id: ${ids.alice}) { id } }`))).toEqual(["UNAUTHENTICATED"]);
        expect((await gql(locked, `{ authors { totalCount } }`, undefined, reader)).data.authors.totalCount).toBe(3);
      });

      test("a relation to a resource the caller may not read is an error on that field only", async () => {
        const locked = app({
          resources: [
            authorsResource(t.tables, { security: { level: "ROLE_BASED", roles: ["staff"] } }),
            booksResource(t.tables),
          ],
        });
        const r = await gql(locked, `{ book(id: ${ids.emma}) { title authorId author { name } } }`, undefined, reader);
        expect(r.data.book).toEqual({ title: "Emma", authorId: ids.bob, author: null });
        expect(codes(r)).toEqual(["FORBIDDEN"]);
        expect(r.errors?.[0]?.path).toEqual(["book", "author"]);
      });

      test("expose removes the operations it does not allow", async () => {
        const { schema } = crudGraphql({
          db: t.db,
          auth,
          resources: [
            authorsResource(t.tables, { expose: "READ_ONLY" }),
            booksResource(t.tables, { expose: "CREATE_UPDATE" }),
            countriesResource(t.tables, { expose: "CUSTOM" }),
          ],
        });
        const mutations = Object.keys(schema.getMutationType()?.getFields() ?? {}).sort();
        expect(mutations).toEqual(["createBook", "patchBook", "updateBook"]);
        const queries = Object.keys(schema.getQueryType()?.getFields() ?? {}).sort();
        expect(queries).toEqual(["author", "authors", "book", "books"]);
      });
    });

    describe("relations", () => {
      test("many-to-one and one-to-many fields; soft-deleted rows left out", async () => {
        await gql(app(), `mutation { deleteBook(id: ${ids.emma}) }`, undefined, editor);
        const r = await gql(
          app(),
          `{ author(id: ${ids.bob}) { name mentor { name } authorsByMentor { name } books { title } } book(id: ${ids.dune}) { author { name books { title } } } }`,
        );
        expect(r.errors).toBeUndefined();
        expect(r.data.author).toEqual({
          name: "Bob",
          mentor: { name: "Alice" },
          authorsByMentor: [{ name: "Carol 100%_x" }],
          books: [],
        });
        expect(r.data.book.author).toEqual({ name: "Alice", books: [{ title: "Dune" }] });
      });

      test("20 books with their author and the author's books cost three statements, not one per row", async () => {
        const { books } = t.tables;
        const now = new Date();
        await (t.db as Loose).insert(books).values(
          Array.from({ length: 20 }, (_, i) => ({
            title: `Extra ${String(i).padStart(2, "0")}`,
            authorId: [ids.alice, ids.bob, ids.carol][i % 3],
            createdAt: now,
            updatedAt: now,
          })),
        );
        const before = t.statements.length;
        const r = await gql(
          app(),
          `{ books(size: 20, filter: { title_like: "Extra" }, sort: [{ field: title }]) { edges { node { title author { name mentor { name } books { title } } } } } }`,
        );
        const statements = t.statements.slice(before);
        expect(r.errors).toBeUndefined();
        expect(r.data.books.edges).toHaveLength(20);
        expect(r.data.books.edges[1].node.author.name).toBe("Bob");
        expect(r.data.books.edges[1].node.author.books).toHaveLength(8);
        // The page, authors IN (...), their books IN (...); the mentors are authors the request's loader already holds.
        expect(statements).toHaveLength(3);
        expect(statements.filter((s) => /\bin \(/i.test(s))).toHaveLength(2);
      });
    });

    describe("one-to-many fields: paged per parent, batched", () => {
      // Books page by 3 by default, at most 5: the REST list's settings apply to the relation field too.
      const paged = () =>
        app({
          resources: [authorsResource(t.tables), booksResource(t.tables, { paging: { defaultSize: 3, maxSize: 5 } })],
        });
      const byName = `authors(sort: [{ field: name }])`;
      const shelves = (data: { edges: { node: Record<string, unknown> }[] }) => data.edges.map((e) => e.node);
      const titlesOf = (list: { title: string }[]) => list.map((b) => b.title);
      beforeEach(async () => {
        const now = new Date();
        const extra = (prefix: string, authorId: number, count: number) =>
          Array.from({ length: count }, (_, i) => ({
            title: `${prefix}${i}`,
            authorId,
            createdAt: now,
            updatedAt: now,
          }));
        // One at a time, so key order is insertion order on every database.
        for (const row of [...extra("A", ids.alice, 7), ...extra("B", ids.bob, 3)]) {
          await (t.db as Loose).insert(t.tables.books).values(row);
        }
        const a1 = await gql(paged(), `{ books(filter: { title_like: "A1" }) { edges { node { id } } } }`);
        await gql(paged(), `mutation { deleteBook(id: ${a1.data.books.edges[0].node.id}) }`, undefined, editor);
      });

      test("default size per parent, soft-deleted children left out, one statement for all parents", async () => {
        const before = t.statements.length;
        const r = await gql(
          paged(),
          `{ ${byName} { edges { node { name books { title deleted version createdAt } } } } }`,
        );
        expect(r.errors).toBeUndefined();
        // Read through the derived table, columns still decode as the table's (booleans, integers, dates).
        expect(r.data.authors.edges[0].node.books[0]).toEqual({
          title: "Dune",
          deleted: false,
          version: 0,
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        });
        expect(shelves(r.data.authors).map((a) => [a.name, titlesOf(a.books as { title: string }[])])).toEqual([
          ["Alice", ["Dune", "A0", "A2"]],
          ["Bob", ["Emma", "B0", "B1"]],
          ["Carol 100%_x", ["Fear"]],
        ]);
        const statements = t.statements.slice(before);
        // The authors' page, then every author's first three books in one windowed statement.
        expect(statements).toHaveLength(2);
        expect(statements.filter((s) => /row_number\(\) over \(partition by/i.test(s))).toHaveLength(1);
      });

      test("page and size pick each parent's slice in key order; each distinct page is one statement", async () => {
        const before = t.statements.length;
        const r = await gql(
          paged(),
          `{ ${byName} { edges { node { name first: books(size: 2) { title } next: books(page: 1, size: 2) { title } last: books(page: 1, size: 5) { title } } } } }`,
        );
        expect(r.errors).toBeUndefined();
        const shelf = (a: Record<string, unknown>) =>
          [a.first, a.next, a.last].map((list) => titlesOf(list as { title: string }[]));
        expect(shelves(r.data.authors).map(shelf)).toEqual([
          [
            ["Dune", "A0"],
            ["A2", "A3"],
            ["A5", "A6"],
          ],
          [["Emma", "B0"], ["B1", "B2"], []],
          [["Fear"], [], []],
        ]);
        expect(t.statements.length - before).toBe(4);
      });

      test("nested one-to-many fields cost one statement per relation and level", async () => {
        const before = t.statements.length;
        const r = await gql(
          paged(),
          `{ ${byName} { edges { node { authorsByMentor { name books(size: 2) { title } } books(size: 1) { title } } } } }`,
        );
        expect(r.errors).toBeUndefined();
        expect(shelves(r.data.authors)).toEqual([
          {
            authorsByMentor: [{ name: "Bob", books: [{ title: "Emma" }, { title: "B0" }] }],
            books: [{ title: "Dune" }],
          },
          { authorsByMentor: [{ name: "Carol 100%_x", books: [{ title: "Fear" }] }], books: [{ title: "Emma" }] },
          { authorsByMentor: [], books: [{ title: "Fear" }] },
        ]);
        // The page; the three authors' mentees and their books (one statement each); the mentees' books, next level.
        expect(t.statements.length - before).toBe(4);
        // The same page of the same relation again, one level down: the request's loader has it, no statement.
        const again = t.statements.length;
        const cached = await gql(
          paged(),
          `{ author(id: ${ids.alice}) { books(size: 1) { author { books(size: 1) { title } } } } }`,
        );
        expect(cached.data.author.books[0].author.books).toEqual([{ title: "Dune" }]);
        expect(t.statements.length - again).toBe(3);
      });

      test("size above the resource's maximum, size 0 and a page before the first are BAD_USER_INPUT, as for lists", async () => {
        for (const [args, message] of [
          ["size: 6", "Invalid size: must be an integer between 1 and 5"],
          ["size: 0", "Invalid size: must be an integer between 1 and 5"],
          ["page: -1", "Invalid page: must be an integer >= 0"],
        ]) {
          const r = await gql(paged(), `{ author(id: ${ids.alice}) { name books(${args}) { title } } }`);
          expect(codes(r)).toEqual(["BAD_USER_INPUT"]);
          expect(r.errors?.[0]?.message).toBe(message as string);
          expect(r.errors?.[0]?.path).toEqual(["author", "books"]);
        }
        const oneIndexed = app({
          paging: { oneIndexed: true },
          resources: [authorsResource(t.tables), booksResource(t.tables, { paging: { defaultSize: 3, maxSize: 5 } })],
        });
        const first = await gql(oneIndexed, `{ author(id: ${ids.alice}) { books(page: 1, size: 2) { title } } }`);
        expect(first.data.author.books).toEqual([{ title: "Dune" }, { title: "A0" }]);
        const zero = await gql(oneIndexed, `{ author(id: ${ids.alice}) { books(page: 0) { title } } }`);
        expect(zero.errors?.[0]?.message).toBe("Invalid page: must be an integer >= 1");
      });
    });

    describe("relations onto composite keys", () => {
      const votes = () =>
        app({
          resources: [
            defineResource(t.tables.bookTags, { path: "book-tags" }),
            booksResource(t.tables),
            defineResource(t.tables.tagVotes, { path: "tag-votes" }),
          ],
        });

      test("many-to-one onto a two-column key (null when a part is null) and one-to-many back, batched", async () => {
        const before = t.statements.length;
        const r = await gql(
          votes(),
          `{ tagVotes(sort: [{ field: voter }]) { edges { node { voter tag { tag note book { title } } } } } }`,
        );
        expect(r.errors).toBeUndefined();
        expect(r.data.tagVotes.edges.map((e: { node: unknown }) => e.node)).toEqual([
          { voter: "v1", tag: { tag: "scifi", note: "space", book: { title: "Dune" } } },
          { voter: "v2", tag: { tag: "classic", note: "regency", book: { title: "Emma" } } },
          { voter: "v3", tag: null },
          { voter: "v4", tag: null },
        ]);
        // The page, the two book tags in one statement, their books in one.
        expect(t.statements.length - before).toBe(3);
        const beforeBack = t.statements.length;
        const back = await gql(
          votes(),
          `{ bookTags(sort: [{ field: tag }, { field: bookId }]) { edges { node { tag tagVotes { voter } } } } }`,
        );
        // The page, then the votes of all three tags, paged per two-column key in one statement.
        expect(t.statements.length - beforeBack).toBe(2);
        expect(back.data.bookTags.edges.map((e: { node: unknown }) => e.node)).toEqual([
          { tag: "classic", tagVotes: [] },
          { tag: "classic", tagVotes: [{ voter: "v2" }] },
          { tag: "scifi", tagVotes: [{ voter: "v1" }] },
        ]);
      });
    });

    test("soft delete and audit in ISO 8601 TEXT columns write ISO strings", async () => {
      const notes = app({
        resources: [defineResource(t.tables.notes, { path: "notes", softDelete: true, auditable: { version: true } })],
      });
      const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
      const created = await gql(
        notes,
        `mutation { createNote(input: { body: "hello" }) { id createdAt updatedAt deletedAt } }`,
      );
      expect(created.errors).toBeUndefined();
      const { id, createdAt, updatedAt, deletedAt } = created.data.createNote;
      expect([iso.test(createdAt), iso.test(updatedAt), deletedAt]).toEqual([true, true, null]);
      expect((await gql(notes, `mutation { deleteNote(id: ${id}) }`)).data.deleteNote).toBe(true);
      const deleted = await gql(
        notes,
        `{ notes(filter: { deletedOnly: true }) { edges { node { id deleted deletedAt } } } }`,
      );
      expect(deleted.data.notes.edges[0].node).toMatchObject({
        id,
        deleted: true,
        deletedAt: expect.stringMatching(iso),
      });
      const restored = await gql(notes, `mutation { restoreNote(id: ${id}) { deleted deletedAt version } }`);
      expect(restored.data.restoreNote).toEqual({ deleted: false, deletedAt: null, version: 2 });
    });

    describe("limits and transport", () => {
      test("depth and cost limits reject a query before any statement runs", async () => {
        const before = t.statements.length;
        const deep = await gql(app({ limits: { maxDepth: 4 } }), `{ books { edges { node { author { name } } } } }`);
        expect(codes(deep)).toEqual(["QUERY_TOO_DEEP"]);
        expect(deep.errors?.[0]?.message).toBe("Query depth 5 exceeds the maximum of 4");
        const costly = await gql(
          app(),
          `{ authors(size: 100) { edges { node { books { author { books { title } } } } } } }`,
        );
        expect(codes(costly)).toEqual(["QUERY_TOO_COSTLY"]);
        expect(t.statements.length).toBe(before);
        const fine = await gql(app(), `{ authors(size: 100) { edges { node { books { title } } } } }`);
        expect(fine.errors).toBeUndefined();
      });

      test("POST must be JSON (415 with the library's error body); GET runs queries, not mutations", async () => {
        const form = await app().request("/graphql", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "query=%7Bauthors%7BtotalCount%7D%7D",
        });
        expect(form.status).toBe(415);
        expect(await form.json()).toMatchObject({ status: 415, message: "Content-Type must be application/json" });
        const get = await app().request(`/graphql?query=${encodeURIComponent("{ authors { totalCount } }")}`);
        expect(((await get.json()) as { data: { authors: { totalCount: number } } }).data.authors.totalCount).toBe(3);
        const mutation = await app().request(
          `/graphql?query=${encodeURIComponent(`mutation { deleteCountry(id: "C01") }`)}`,
        );
        expect(mutation.status).toBe(405);
      });

      test("bodies over 25 MB are 413 by Content-Length or counted when chunked; a bad Content-Length is 400", async () => {
        const query = JSON.stringify({ query: "{ authors { totalCount } }" });
        const post = (body: BodyInit, headers: Record<string, string> = {}) =>
          app().request("/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", ...headers },
            body,
          });
        const chunked = (chunks: Uint8Array[]) =>
          new ReadableStream<Uint8Array>({
            pull(controller) {
              const next = chunks.shift();
              if (next) controller.enqueue(next);
              else controller.close();
            },
          });
        const declared = await post(query, { "content-length": "25000001" });
        expect(declared.status).toBe(413);
        expect(await declared.json()).toMatchObject({ errors: [{ extensions: { code: "REQUEST_ENTITY_TOO_LARGE" } }] });
        expect((await post(query, { "content-length": "1, 1" })).status).toBe(400);
        const megabyte = new Uint8Array(1_000_000).fill(32);
        const huge = await post(chunked(Array.from({ length: 26 }, () => megabyte)));
        expect(huge.status).toBe(413);
        const small = await post(chunked([new TextEncoder().encode(query)]));
        expect(small.status).toBe(200);
        expect(((await small.json()) as { data: { authors: { totalCount: number } } }).data.authors.totalCount).toBe(3);
      });

      test("unexpected errors are reported and masked", async () => {
        const reported: unknown[] = [];
        const broken = crudGraphql({
          db: t.db,
          auth: () => {
            throw new Error("auth backend down");
          },
          onError: (error) => void reported.push(error),
          resources: [booksResource(t.tables), authorsResource(t.tables)],
        }).app;
        const r = await gql(
          broken,
          `mutation { createBook(input: { title: "X", authorId: 1 }) { id } }`,
          undefined,
          editor,
        );
        expect(codes(r)).toEqual(["INTERNAL_SERVER_ERROR"]);
        expect(r.errors?.[0]?.message).toBe("Unexpected server error");
        expect(reported).toHaveLength(1);
      });
    });
  });
}

export type { CrudOptions };
