/**
 * Issue 10, items 9-14: what a security review found in scaffold/crud. Runs inside the shared suite (support/suite.ts),
 * so on every dialect: relations obey the target's read rule and soft delete, query parameters are bounded, bodies
 * must be JSON, only canonical decimal ids and numbers are accepted, and PATCH rejects the key.
 */
import { describe, expect, test } from "bun:test";
import type { Hono } from "hono";
import { type CrudOptions, defineResource, type ResourceOptions } from "../../../src/crud/index.ts";
import type { TestDatabase } from "./dialects.ts";
import { call } from "./http.ts";
import { auth, authorsResource, booksResource, countriesResource, editor, reader } from "./resources.ts";
import type { Seed } from "./seed.ts";
import type { Tables } from "./tables.ts";

export interface SuiteContext {
  readonly t: () => TestDatabase;
  readonly ids: () => Seed;
  readonly app: (options?: Partial<CrudOptions>) => Hono;
}

const staff = { "x-user": "3:staff" };
const repeat = (name: string, values: readonly string[]) => values.map((v) => `${name}=${v}`).join("&");
const numbers = (count: number) => Array.from({ length: count }, (_, i) => String(i));

export function hardeningTests({ t, ids, app }: SuiteContext): void {
  describe("hardening (issue 10)", () => {
    /** Books (public reads) nest their author; authors readable by `security`; book tags nest their book. */
    const nested = (security: ResourceOptions<Tables["authors"]>["security"], options: Partial<CrudOptions> = {}) =>
      app({
        resources: [
          authorsResource(t().tables, { security, mapping: "DEEP" }),
          booksResource(t().tables, { mapping: "DEEP" }),
          defineResource(t().tables.bookTags, { path: "book-tags", mapping: "DEEP" }),
        ],
        ...options,
      });

    test("a relation to a resource the caller may not read is its id only (get, list, nested)", async () => {
      const { emma, bob, alice } = ids();
      const a = nested({ level: "ROLE_BASED", roles: ["staff"] });
      expect((await call(a, "GET", `/api/authors/${bob}`)).status).toBe(401);
      const anonymous = await call(a, "GET", `/api/books/${emma}`);
      expect([anonymous.status, anonymous.body.author, anonymous.body.authorId]).toEqual([200, bob, bob]);
      const wrongRole = await call(a, "GET", `/api/books/${emma}`, undefined, reader);
      expect(wrongRole.body.author).toBe(bob);
      const list = await call(a, "GET", "/api/books?sort=title");
      expect(list.body.content.map((b: { author: unknown }) => b.author)).toEqual([alice, bob, ids().carol]);
      const tag = await call(a, "GET", `/api/book-tags/${emma},classic`);
      expect(tag.body.book).toMatchObject({ id: emma, title: "Emma", author: bob });
      const allowed = await call(a, "GET", `/api/books/${emma}`, undefined, staff);
      expect(allowed.body.author).toMatchObject({ id: bob, name: "Bob", mentor: { id: alice, name: "Alice" } });
      expect(allowed.body.author).not.toHaveProperty("secret");
      expect(allowed.body.author.mentor).not.toHaveProperty("secret");
    });

    test("write answers embed by the same rule; auth is asked once per request", async () => {
      let calls = 0;
      const counted: CrudOptions["auth"] = (c) => {
        calls++;
        return auth?.(c) ?? null;
      };
      const a = nested({ readLevel: "AUTHENTICATED", writeLevel: "PUBLIC" }, { auth: counted });
      const created = await call(
        a,
        "POST",
        "/api/books",
        { title: "New", authorId: ids().bob },
        { "x-user": "7:admin" },
      );
      expect([created.status, created.body.author.name]).toEqual([201, "Bob"]);
      const patched = await call(a, "PATCH", `/api/books/${ids().dune}`, { pages: 1 }, editor);
      expect(patched.body.author.name).toBe("Alice");
      calls = 0;
      const anonymous = await call(a, "GET", `/api/book-tags?sort=tag`);
      expect(anonymous.body.content.map((tag: { book: { author: unknown } }) => tag.book.author)).toEqual([
        ids().alice,
        ids().bob,
        ids().alice,
      ]);
      expect(calls).toBe(1);
    });

    test("a soft-deleted related row is not embedded: the relation is its id", async () => {
      const { emma, dune } = ids();
      const a = nested({ level: "PUBLIC" });
      expect((await call(a, "DELETE", `/api/books/${emma}`, undefined, editor)).status).toBe(204);
      const tag = await call(a, "GET", `/api/book-tags/${emma},classic`);
      expect([tag.status, tag.body.book, tag.body.bookId]).toEqual([200, emma, emma]);
      const list = await call(a, "GET", "/api/book-tags?sort=tag,desc&sort=bookId");
      expect(list.body.content.map((row: { book: unknown }) => typeof row.book)).toEqual([
        "object",
        "object",
        "number",
      ]);
      expect(list.body.content[0].book.id).toBe(dune);
      await call(a, "POST", `/api/books/${emma}/restore`, undefined, editor);
      expect((await call(a, "GET", `/api/book-tags/${emma},classic`)).body.book.title).toBe("Emma");
    });

    describe("bounded query parameters", () => {
      const badRequest = (r: { status: number; body: { status: number; error: string; message: string } }) => {
        expect([r.status, r.body.status, r.body.error]).toEqual([400, 400, "Bad Request"]);
        return r.body.message;
      };

      test("1,001 filter parameters, 5,000 sort keys and a 70,000-value list answer 400", async () => {
        const a = app();
        const filters = await call(a, "GET", `/api/authors?${repeat("rating_gt", numbers(1001))}`);
        expect(badRequest(filters)).toBe("Too many filter parameters: at most 50");
        const sorts = await call(a, "GET", `/api/authors?${repeat("sort", Array(5000).fill("name"))}`);
        expect(badRequest(sorts)).toBe("Too many sort parameters: at most 10");
        const list = await call(a, "GET", `/api/authors?rating_in=${numbers(70_000).join(",")}`);
        expect(badRequest(list)).toBe("Too many values in rating_in: at most 500");
        const notIn = await call(a, "GET", `/api/authors?name_not_in=${numbers(501).join(",")}`);
        expect(badRequest(notIn)).toBe("Too many values in name_not_in: at most 500");
      });

      test("at the limits every database answers: 50 filters of 500 values each, 10 sort keys", async () => {
        const a = app();
        const widest = await call(
          a,
          "GET",
          `/api/authors?${repeat("rating_in", Array(50).fill(numbers(500).join(",")))}`,
        );
        expect([widest.status, widest.body.totalElements]).toEqual([200, 2]);
        const many = await call(
          a,
          "GET",
          `/api/authors?${repeat(
            "rating_gt",
            numbers(50).map(() => "0"),
          )}`,
        );
        expect([many.status, many.body.totalElements]).toEqual([200, 2]);
        const sorts = await call(a, "GET", `/api/authors?${repeat("sort", Array(10).fill("name,desc"))}`);
        expect(sorts.body.content[0].name).toBe("Carol 100%_x");
      });
    });

    describe("request bodies must be JSON", () => {
      const unsupported = (r: { status: number; body: { status: number; error: string; message: string } }) =>
        expect([r.status, r.body.status, r.body.error, r.body.message]).toEqual([
          415,
          415,
          "Unsupported Media Type",
          "Content-Type must be application/json",
        ]);

      test("text/plain, form, multipart and a missing content type answer 415 on POST, PUT and PATCH", async () => {
        const a = app();
        const bob = ids().bob;
        const body = JSON.stringify({ name: "Mallory", email: "m@example.com" });
        const writes = [
          ["POST", "/api/authors"],
          ["PUT", `/api/authors/${bob}`],
          ["PATCH", `/api/authors/${bob}`],
        ] as const;
        for (const [method, path] of writes) {
          for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
            unsupported(await call(a, method, path, body, { "content-type": type }));
          }
          const bare = await a.request(path, { method, body: new TextEncoder().encode(body) });
          expect(bare.headers.get("content-type")).toBe("application/json");
          unsupported({ status: bare.status, body: await bare.json() });
        }
        expect((await call(a, "GET", `/api/authors/${bob}`)).body.name).toBe("Bob");
        const list = await call(a, "GET", "/api/authors?name=Mallory");
        expect(list.body.totalElements).toBe(0);
      });

      test("application/json with a charset and application/*+json are accepted", async () => {
        const a = app();
        const created = await call(
          a,
          "POST",
          "/api/authors",
          { name: "Eve", email: "eve@example.com" },
          {
            "content-type": "application/json; charset=utf-8",
          },
        );
        expect(created.status).toBe(201);
        const merge = await call(
          a,
          "PATCH",
          `/api/authors/${created.body.id}`,
          { rating: 2 },
          {
            "content-type": "application/merge-patch+json",
          },
        );
        expect([merge.status, merge.body.rating]).toEqual([200, 2]);
        const upper = await call(
          a,
          "PATCH",
          `/api/authors/${created.body.id}`,
          { rating: 3 },
          {
            "content-type": "Application/JSON",
          },
        );
        expect([upper.status, upper.body.rating]).toEqual([200, 3]);
      });
    });

    describe("canonical decimal ids and numbers", () => {
      const variants = (n: number) => [
        `0x${n.toString(16)}`,
        `${n}e0`,
        `%2B${n}`,
        `${n}.0`,
        `0b${n.toString(2)}`,
        `%20${n}`,
        `${n}%20`,
        `0${n}`,
        `${n}n`,
      ];

      test("non-canonical forms of an id address no row (404) on GET, PATCH, DELETE", async () => {
        const a = app();
        const { alice } = ids();
        expect((await call(a, "GET", `/api/authors/${alice}`)).status).toBe(200);
        for (const id of variants(alice)) {
          const got = await call(a, "GET", `/api/authors/${id}`);
          expect([id, got.status, got.body.error]).toEqual([id, 404, "Not Found"]);
          expect([id, (await call(a, "PATCH", `/api/authors/${id}`, { rating: 1 })).status]).toEqual([id, 404]);
        }
        const { dune } = ids();
        expect((await call(a, "DELETE", `/api/books/0${dune}`, undefined, editor)).status).toBe(404);
        expect((await call(a, "GET", `/api/books/${dune}`)).status).toBe(200);
      });

      test("non-canonical numbers in filters answer 400; canonical ones filter", async () => {
        const a = app();
        for (const query of [
          "rating=0x5",
          "rating=5e0",
          "rating=%2B5",
          "rating=5.0",
          "rating=0b101",
          "rating=%205",
          "rating=05",
          "rating_gt=1e0",
          "rating_in=3,0x5",
          "rating_between=1,5.0",
          "rating=-0",
        ]) {
          const r = await call(a, "GET", `/api/authors?${query}`);
          expect([query, r.status]).toEqual([query, 400]);
        }
        expect((await call(a, "GET", "/api/authors?rating=5")).body.totalElements).toBe(1);
        expect((await call(a, "GET", "/api/authors?rating_in=3, 5")).body.totalElements).toBe(2);
        expect((await call(a, "GET", "/api/authors?rating_gt=-1")).body.totalElements).toBe(2);
        expect((await call(a, "GET", "/api/authors?rating=0")).body.totalElements).toBe(0);
      });
    });

    describe("the key is read-only", () => {
      test("PATCH with the id answers 400 'Cannot update read-only field: id' (also a string or composite key)", async () => {
        const a = app({
          resources: [
            authorsResource(t().tables),
            countriesResource(t().tables),
            booksResource(t().tables),
            defineResource(t().tables.bookTags, { path: "book-tags" }),
          ],
        });
        const { bob, emma } = ids();
        for (const id of [bob + 1000, bob]) {
          const r = await call(a, "PATCH", `/api/authors/${bob}`, { id, rating: 1 });
          expect([r.status, r.body.message]).toEqual([400, "Cannot update read-only field: id"]);
        }
        expect((await call(a, "GET", `/api/authors/${bob}`)).body.rating).toBe(3);
        const country = await call(a, "PATCH", "/api/countries/C01", { code: "C99" });
        expect([country.status, country.body.message]).toEqual([400, "Cannot update read-only field: code"]);
        const tag = await call(a, "PATCH", `/api/book-tags/${emma},classic`, { tag: "x" });
        expect([tag.status, tag.body.message]).toEqual([400, "Cannot update read-only field: tag"]);
      });

      test("PUT ignores the id in the body, as it ignores read-only fields (the id is in the path)", async () => {
        const a = app();
        const { bob } = ids();
        const r = await call(a, "PUT", `/api/authors/${bob}`, {
          id: bob + 1000,
          name: "Bobby",
          email: "b@example.com",
          active: true,
        });
        expect([r.status, r.body.id, r.body.name]).toEqual([200, bob, "Bobby"]);
        expect((await call(a, "GET", `/api/authors/${bob + 1000}`)).status).toBe(404);
      });
    });
  });
}
