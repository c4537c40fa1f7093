/**
 * The behavioural suite every dialect runs (see crud-*.test.ts): each row of issue 4 that touches the database.
 * Tables and seed rows come from support/tables.ts and support/seed.ts; the app under test is built per test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import {
  type CrudOptions,
  crud,
  DtoMappingConfig,
  defineResource,
  type MappingConfig,
  type MappingPreset,
} from "../../../src/crud/index.ts";
import { missing } from "../../support/env.ts";
import type { DialectFactory, TestDatabase } from "./dialects.ts";
import { gapTests } from "./gaps.ts";
import { hardeningTests } from "./hardening.ts";
import { call } from "./http.ts";
import { auth, authorsResource, booksResource, countriesResource, editor, reader } from "./resources.ts";
import { type Seed, seed } from "./seed.ts";

export function crudSuite(factory: DialectFactory): void {
  const skip = factory.available ? false : missing(`the ${factory.name} server`, false);
  describe.skipIf(skip)(`scaffold/crud on ${factory.name}`, () => {
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

    const app = (options: Partial<CrudOptions> = {}) =>
      crud({
        db: t.db,
        auth,
        resources: [authorsResource(t.tables), booksResource(t.tables), countriesResource(t.tables)],
        ...options,
      });
    hardeningTests({ t: () => t, ids: () => ids, app });
    gapTests({ t: () => t, ids: () => ids, app });
    const names = (body: { content: { name: string }[] }) => body.content.map((a) => a.name).sort();

    describe("list: paging and sorting", () => {
      test("default page: 20 of 25, page object and X-Total-Count", async () => {
        const r = await call(app(), "GET", "/api/countries?sort=size");
        expect(r.status).toBe(200);
        expect(r.headers.get("x-total-count")).toBe("25");
        expect(r.body.content).toHaveLength(20);
        expect(r.body.content[0]).toEqual({ code: "C01", name: "Country 1", size: 1 });
        const { content: _, ...page } = r.body;
        expect(page).toEqual({
          pageable: {
            pageNumber: 0,
            pageSize: 20,
            sort: { sorted: true, unsorted: false, empty: false },
            offset: 0,
            paged: true,
            unpaged: false,
          },
          totalPages: 2,
          totalElements: 25,
          last: false,
          first: true,
          empty: false,
          size: 20,
          number: 0,
          numberOfElements: 20,
          sort: { sorted: true, unsorted: false, empty: false },
        });
      });

      test("last page, page beyond the end, and an unsorted request", async () => {
        const last = await call(app(), "GET", "/api/countries?page=1&sort=size");
        expect(last.body.content.map((c: { size: number }) => c.size)).toEqual([21, 22, 23, 24, 25]);
        expect([last.body.last, last.body.first, last.body.numberOfElements]).toEqual([true, false, 5]);
        const beyond = await call(app(), "GET", "/api/countries?page=9&size=10");
        expect([beyond.body.empty, beyond.body.totalElements, beyond.body.totalPages]).toEqual([true, 25, 3]);
        expect(beyond.headers.get("x-total-count")).toBe("25");
        const unsorted = await call(app(), "GET", "/api/countries?size=100");
        expect(unsorted.body.sort).toEqual({ sorted: false, unsorted: true, empty: true });
        expect(unsorted.body.content).toHaveLength(25);
      });

      test("the total on every paging edge, counted by the page's own statement (a COUNT only past the end)", async () => {
        const a = app();
        const page = async (query: string) => {
          t.statements.length = 0;
          const r = await call(a, "GET", `/api/countries?sort=size${query}`);
          const sizes = r.body.content.map((c: { size: number }) => c.size);
          return {
            first: sizes[0],
            rows: sizes.length,
            total: r.body.totalElements,
            header: r.headers.get("x-total-count"),
            statements: t.statements.length,
          };
        };
        expect(await page("&size=10")).toEqual({ first: 1, rows: 10, total: 25, header: "25", statements: 1 });
        expect(await page("&size=10&page=1")).toEqual({ first: 11, rows: 10, total: 25, header: "25", statements: 1 });
        expect(await page("&size=10&page=2")).toEqual({ first: 21, rows: 5, total: 25, header: "25", statements: 1 });
        expect(await page("&size=5&page=4")).toEqual({ first: 21, rows: 5, total: 25, header: "25", statements: 1 });
        expect(await page("&size=25")).toEqual({ first: 1, rows: 25, total: 25, header: "25", statements: 1 });
        expect(await page("&size=10&page=3")).toEqual({
          first: undefined,
          rows: 0,
          total: 25,
          header: "25",
          statements: 2,
        });
        const filtered = "&size_gte=8&size_lte=20&size_not_in=9";
        expect(await page(`&size=5${filtered}`)).toEqual({ first: 8, rows: 5, total: 12, header: "12", statements: 1 });
        expect(await page(`&size=5&page=2${filtered}`)).toEqual({
          first: 19,
          rows: 2,
          total: 12,
          header: "12",
          statements: 1,
        });
        expect(await page(`&size=5&page=7${filtered}`)).toEqual({
          first: undefined,
          rows: 0,
          total: 12,
          header: "12",
          statements: 2,
        });
        expect(await page("&size_gte=99")).toEqual({ first: undefined, rows: 0, total: 0, header: "0", statements: 1 });
        // Over 1,000 filter values the WHERE is not bound twice: the page, then a COUNT.
        const lists = [0, 1, 2].map((n) => Array.from({ length: 400 }, (_, i) => 100 + n * 400 + i));
        const wide = lists.map((list, n) => `&size_not_in=${n === 0 ? [9, ...list.slice(1)] : list}`).join("");
        expect(await page(`&size=5${wide}`)).toEqual({ first: 1, rows: 5, total: 24, header: "24", statements: 2 });
      });

      test("size above the maximum, size 0 and bad page numbers answer 400 with the error body", async () => {
        for (const query of ["size=101", "size=0", "page=-1", "page=abc", "size=1.5"]) {
          const r = await call(app(), "GET", `/api/countries?${query}`);
          expect(r.status).toBe(400);
          expect(r.body).toMatchObject({ status: 400, error: "Bad Request", path: "/api/countries" });
          expect(typeof r.body.message).toBe("string");
          expect(Number.isNaN(Date.parse(r.body.timestamp))).toBe(false);
        }
        expect((await call(app(), "GET", "/api/countries?size=100")).status).toBe(200);
      });

      test("parameter names and 1-based pages are configurable", async () => {
        const custom = app({ paging: { pageParam: "p", sizeParam: "s", sortParam: "order", oneIndexed: true } });
        const first = await call(custom, "GET", "/api/countries?p=1&s=5&order=size,desc");
        expect(first.body.content.map((c: { size: number }) => c.size)).toEqual([25, 24, 23, 22, 21]);
        expect(first.body.number).toBe(0);
        const second = await call(custom, "GET", "/api/countries?p=2&s=5&order=size,desc");
        expect(second.body.content[0].size).toBe(20);
        expect((await call(custom, "GET", "/api/countries?p=0")).status).toBe(400);
      });

      test("multi-sort, default sort, and 400 on unknown, hidden or malformed sort fields", async () => {
        const r = await call(app(), "GET", "/api/authors?sort=active,asc&sort=name,desc");
        expect(r.body.content.map((a: { name: string }) => a.name)).toEqual(["Bob", "Carol 100%_x", "Alice"]);
        const byRating = await call(app(), "GET", "/api/authors?sort=rating,desc&rating_not_null=true");
        expect(byRating.body.content.map((a: { name: string }) => a.name)).toEqual(["Alice", "Bob"]);
        const defaulted = app({ resources: [countriesResource(t.tables, { sorting: { default: ["size,desc"] } })] });
        const d = await call(defaulted, "GET", "/api/countries?size=3");
        expect(d.body.content.map((c: { size: number }) => c.size)).toEqual([25, 24, 23]);
        expect(d.body.sort.sorted).toBe(true);
        for (const sort of ["nope", "secret", "name,up", ""]) {
          expect((await call(app(), "GET", `/api/authors?sort=${sort}`)).status).toBe(400);
        }
      });
    });

    describe("list: filters", () => {
      const cases: [string, string[]][] = [
        ["name=Alice", ["Alice"]],
        ["name_like=LI", ["Alice"]],
        ["name_like=100%25_", ["Carol 100%_x"]],
        ["name_like=%25", ["Carol 100%_x"]],
        ["name_in=Alice,Bob", ["Alice", "Bob"]],
        ["name_not_in=Alice", ["Bob", "Carol 100%_x"]],
        ["rating=3", ["Bob"]],
        ["rating_gt=3", ["Alice"]],
        ["rating_lt=5", ["Bob"]],
        ["rating_gte=3&rating_lte=4", ["Bob"]],
        ["rating_range=3,5", ["Alice", "Bob"]],
        ["rating_between=4,5", ["Alice"]],
        ["rating_in=3,5", ["Alice", "Bob"]],
        ["rating_null=true", ["Carol 100%_x"]],
        ["rating_not_null=true", ["Alice", "Bob"]],
        ["rating_null=false", ["Alice", "Bob"]],
        ["active=false", ["Bob"]],
        ["born_gt=1985-01-01T00:00:00Z", ["Bob"]],
        ["born_gte=1979-01-01&born_lte=1981-01-01", ["Alice"]],
        ["logged_in=yes", ["Bob"]],
        ["logged_in=no", ["Alice"]],
        ["logged_in_in=yes", ["Alice", "Bob", "Carol 100%_x"]],
        ["logged_in=no&logged_in=no", ["Alice"]],
        ["name_in=Alice,Bob&rating_gt=3", ["Alice"]],
        ["secret=s-alice", ["Alice", "Bob", "Carol 100%_x"]],
        ["name_gt=B", ["Alice", "Bob", "Carol 100%_x"]],
      ];
      for (const [query, expected] of cases) {
        test(`${query} -> ${expected.join(", ")}`, async () => {
          const r = await call(app(), "GET", `/api/authors?${query}`);
          expect(r.status).toBe(200);
          expect(names(r.body)).toEqual(expected);
          expect(r.headers.get("x-total-count")).toBe(String(expected.length));
        });
      }

      test("countries: >=, <= and NOT_IN on another column", async () => {
        const r = await call(app(), "GET", "/api/countries?size_gte=3&size_lte=6&size_not_in=4,5&sort=size");
        expect(r.body.content.map((c: { code: string }) => c.code)).toEqual(["C03", "C06"]);
      });

      test("values are parsed to the column type: bad values answer 400", async () => {
        for (const query of [
          "rating_gt=abc",
          "rating=1.5",
          "active=maybe",
          "born_gt=notadate",
          "rating_between=1",
          "rating_null=yes",
          "rating_in=1,x",
          "rating_gt=1e400",
        ]) {
          const r = await call(app(), "GET", `/api/authors?${query}`);
          expect([query, r.status]).toEqual([query, 400]);
        }
      });

      test("values outside the column's integer type answer 400, not a database error", async () => {
        const int32 = factory.name !== "sqlite";
        for (const query of ["rating_gt=99999999999", "rating_in=1,-3000000000", "rating_between=0,2147483648"]) {
          const r = await call(app(), "GET", `/api/authors?${query}`);
          expect([query, r.status]).toEqual([query, int32 ? 400 : 200]);
        }
      });
    });

    describe("get and output objects", () => {
      test("output has every persistent field except hidden ones, read-only included", async () => {
        const r = await call(app(), "GET", `/api/authors/${ids.bob}`);
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({
          id: ids.bob,
          name: "Bob",
          code: "B",
          rating: 3,
          active: false,
          mentorId: ids.alice,
          mentor: ids.alice,
        });
        expect(r.body).not.toHaveProperty("secret");
        expect(new Date(r.body.born).toISOString()).toBe("1990-06-15T00:00:00.000Z");
        const list = await call(app(), "GET", "/api/authors");
        expect(JSON.stringify(list.body)).not.toContain("s-alice");
      });

      test("unknown or malformed id answers 404", async () => {
        for (const id of ["999999", "abc", "1,2"]) {
          const r = await call(app(), "GET", `/api/authors/${id}`);
          expect(r.status).toBe(404);
          expect(r.body.message).toContain("not found");
        }
      });
    });

    describe("writes", () => {
      test("POST: 201, Location, ignores hidden, read-only and id fields", async () => {
        const r = await call(app(), "POST", "/api/authors", {
          id: 424242,
          name: "Dora",
          email: "dora@example.com",
          secret: "leak",
          code: "ZZ",
          rating: 4,
        });
        expect(r.status).toBe(201);
        expect(r.body.id).not.toBe(424242);
        expect(r.headers.get("location")).toBe(`/api/authors/${r.body.id}`);
        expect(r.body).toMatchObject({ name: "Dora", rating: 4, code: null, active: true, mentor: null });
        expect(r.body).not.toHaveProperty("secret");
        const again = await call(app(), "GET", `/api/authors/${r.body.id}`);
        expect(again.body).toEqual(r.body);
      });

      test("POST validation: required fields, types and Create-group constraints", async () => {
        const missingName = await call(app(), "POST", "/api/authors", { email: "x@example.com" });
        expect(missingName.status).toBe(400);
        expect(missingName.body.message).toBe("Validation failed");
        expect(missingName.body.errors).toEqual([
          {
            field: "name",
            message: "must not be null",
            rejectedValue: null,
            code: "NotNull",
            validationGroup: "Create",
          },
        ]);
        const bad = await call(app(), "POST", "/api/authors", { name: "X", email: "nope", rating: "high" });
        expect(bad.status).toBe(400);
        const byField = Object.fromEntries(bad.body.errors.map((e: { field: string }) => [e.field, e]));
        expect(byField.name).toMatchObject({
          message: "name too short",
          rejectedValue: "X",
          code: "Size",
          validationGroup: "Create",
        });
        expect(byField.email).toMatchObject({ rejectedValue: "nope", code: "Email", validationGroup: "Create" });
        expect(byField.rating).toMatchObject({ rejectedValue: "high", code: "Type" });
        expect((await call(app(), "POST", "/api/authors", "{oops")).status).toBe(400);
        expect((await call(app(), "POST", "/api/authors", [1])).status).toBe(400);
        const huge = await call(app(), "POST", "/api/authors", {
          name: "Huge",
          email: "h@example.com",
          rating: 1e20,
        });
        expect(huge.body.errors).toEqual([expect.objectContaining({ field: "rating", rejectedValue: 1e20 })]);
        const tooLong = await call(app(), "POST", "/api/authors", {
          name: "Long",
          email: `${"x".repeat(120)}@example.com`,
        });
        expect(tooLong.status).toBe(factory.name === "sqlite" ? 201 : 400);
      });

      test("times come back exactly from 1000 to 9999; outside, and a NUL in text, are a 400 naming the field", async () => {
        const times = ["1000-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"];
        for (const [n, born] of times.entries()) {
          const created = await call(app(), "POST", "/api/authors", {
            name: "Dated",
            email: `dated${n}@example.com`,
            born,
          });
          expect([born, created.status, created.body.born]).toEqual([born, 201, born]);
          expect((await call(app(), "GET", `/api/authors/${created.body.id}`)).body.born).toBe(born);
          expect((await call(app(), "DELETE", `/api/authors/${created.body.id}`)).status).toBe(204);
        }
        const refusals: Array<[Record<string, unknown>, string, string]> = [
          ...["0001-01-01T00:00:00.000Z", "0099-12-31T23:59:59.999Z", "9999-12-31T23:00:00-01:00"].map(
            (born): [Record<string, unknown>, string, string] => [
              { born },
              "born",
              "must be from 1000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z",
            ],
          ),
          [{ name: "Nul\u0000name" }, "name", "must not contain the NUL character (U+0000)"],
        ];
        for (const [fields, field, message] of refusals) {
          const body = { name: "Dated", email: "dated@example.com", ...fields };
          const refused = await call(app(), "POST", "/api/authors", body);
          expect([refused.status, refused.body.errors]).toEqual([
            400,
            [expect.objectContaining({ field, message, code: "Type", validationGroup: "Create" })],
          ]);
          const patched = await call(app(), "PATCH", `/api/authors/${ids.alice}`, fields);
          expect([patched.status, patched.body.errors?.[0]?.field]).toEqual([400, field]);
        }
      });

      test("unique violation answers 409", async () => {
        const r = await call(app(), "POST", "/api/authors", { name: "Alice II", email: "alice@example.com" });
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ status: 409, error: "Conflict" });
        const patch = await call(app(), "PATCH", `/api/authors/${ids.bob}`, { email: "alice@example.com" });
        expect(patch.status).toBe(409);
      });

      test("PUT: omitted nullable fields become null, NOT NULL ones give 400, read-only ignored, Update group", async () => {
        const r = await call(app(), "PUT", `/api/authors/${ids.alice}`, {
          name: "A",
          email: "a2@example.com",
          active: true,
          code: "X",
        });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({
          id: ids.alice,
          name: "A",
          rating: null,
          born: null,
          code: "A",
          email: "a2@example.com",
        });
        const missingName = await call(app(), "PUT", `/api/authors/${ids.alice}`, {
          email: "a3@example.com",
          active: true,
        });
        expect(missingName.status).toBe(400);
        expect(missingName.body.errors[0]).toMatchObject({ field: "name", validationGroup: "Update" });
        const badEmail = await call(app(), "PUT", `/api/authors/${ids.alice}`, {
          name: "Al",
          email: "bad",
          active: true,
        });
        expect(badEmail.body.errors[0]).toMatchObject({ field: "email", code: "Email", validationGroup: "Update" });
        expect(
          (await call(app(), "PUT", "/api/authors/999999", { name: "Al", email: "q@example.com", active: true }))
            .status,
        ).toBe(404);
      });

      test("PATCH: only supplied fields, null = unchanged, hidden and read-only rejected with exact messages", async () => {
        const r = await call(app(), "PATCH", `/api/authors/${ids.bob}`, { rating: 4, name: null });
        expect(r.status).toBe(200);
        expect(r.body).toMatchObject({ name: "Bob", rating: 4, email: "bob@example.com" });
        const hidden = await call(app(), "PATCH", `/api/authors/${ids.bob}`, { secret: "x" });
        expect([hidden.status, hidden.body.message]).toEqual([400, "Cannot update hidden field: secret"]);
        const readOnly = await call(app(), "PATCH", `/api/authors/${ids.bob}`, { code: "x" });
        expect([readOnly.status, readOnly.body.message]).toEqual([400, "Cannot update read-only field: code"]);
        const invalid = await call(app(), "PATCH", `/api/authors/${ids.bob}`, { email: "bad" });
        expect(invalid.body.errors[0]).toMatchObject({ field: "email", validationGroup: "Update" });
        expect((await call(app(), "PATCH", "/api/authors/999999", { rating: 1 })).status).toBe(404);
      });

      test("DELETE: 204 then 404; blocked by a foreign key -> 409; JSON confirmation by configuration", async () => {
        const created = await call(app(), "POST", "/api/authors", { name: "Eve", email: "eve@example.com" });
        const r = await call(app(), "DELETE", `/api/authors/${created.body.id}`);
        expect([r.status, r.body]).toEqual([204, undefined]);
        expect((await call(app(), "GET", `/api/authors/${created.body.id}`)).status).toBe(404);
        expect((await call(app(), "DELETE", `/api/authors/${created.body.id}`)).status).toBe(404);
        const blocked = await call(app(), "DELETE", `/api/authors/${ids.alice}`);
        expect([blocked.status, blocked.body.error]).toEqual([409, "Conflict"]);
        const json = app({ deleteResponse: "JSON" });
        const other = await call(json, "POST", "/api/authors", { name: "Fay", email: "fay@example.com" });
        const confirmed = await call(json, "DELETE", `/api/authors/${other.body.id}`);
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toEqual({ message: "authors deleted", id: String(other.body.id), permanent: true });
      });
    });

    describe("exposure and composition", () => {
      test("READ_ONLY and CREATE_UPDATE answer 405 with Allow for methods not generated", async () => {
        const a = app({
          resources: [
            countriesResource(t.tables, { expose: "READ_ONLY" }),
            authorsResource(t.tables, { expose: "CREATE_UPDATE" }),
          ],
        });
        const post = await call(a, "POST", "/api/countries", { code: "XX", name: "X" });
        expect([post.status, post.headers.get("allow"), post.body.status]).toEqual([405, "GET", 405]);
        const put = await call(a, "PUT", "/api/countries/C01", { name: "X" });
        expect([put.status, put.headers.get("allow")]).toEqual([405, "GET"]);
        expect((await call(a, "GET", "/api/countries/C01")).status).toBe(200);
        const del = await call(a, "DELETE", `/api/authors/${ids.carol}`);
        expect([del.status, del.headers.get("allow")]).toEqual([405, "GET, PUT, PATCH"]);
        expect((await call(a, "PATCH", `/api/authors/${ids.carol}`, { rating: 1 })).status).toBe(200);
      });

      test("CUSTOM generates nothing; extend adds routes; router replaces; enabled false; basePath", async () => {
        const custom = app({ resources: [countriesResource(t.tables, { expose: "CUSTOM" })] });
        expect((await call(custom, "GET", "/api/countries")).status).toBe(404);
        const extended = app({
          basePath: "/v2/",
          resources: [
            countriesResource(t.tables, { extend: (r, ctx) => r.get("/largest", (c) => c.json({ path: ctx.path })) }),
          ],
        });
        expect((await call(extended, "GET", "/v2/countries/largest")).body).toEqual({ path: "/v2/countries" });
        expect((await call(extended, "GET", "/v2/countries/C02")).body.size).toBe(2);
        const mine = new Hono().get("/", (c) => c.json({ mine: true }));
        const replaced = app({ resources: [countriesResource(t.tables, { router: mine })] });
        expect((await call(replaced, "GET", "/api/countries")).body).toEqual({ mine: true });
        expect((await call(replaced, "GET", "/api/countries/C01")).status).toBe(404);
        expect((await call(app({ enabled: false }), "GET", "/api/countries")).status).toBe(404);
        const host = new Hono().route("/v1", app());
        const created = await call(host, "POST", "/v1/api/countries", { code: "ZZ", name: "Z" });
        expect(created.headers.get("location")).toBe("/v1/api/countries/ZZ");
        expect((await call(host, "GET", "/v1/api/countries/ZZ")).body.name).toBe("Z");
      });
    });

    describe("soft delete and restore", () => {
      test("DELETE hides the row; includeDeleted, deletedOnly, restore, permanent delete", async () => {
        const a = app();
        expect((await call(a, "DELETE", `/api/books/${ids.emma}`, undefined, editor)).status).toBe(204);
        expect((await call(a, "GET", `/api/books/${ids.emma}`)).status).toBe(404);
        expect((await call(a, "PATCH", `/api/books/${ids.emma}`, { pages: 1 }, editor)).status).toBe(404);
        const titles = async (query: string) =>
          (await call(a, "GET", `/api/books?sort=title${query}`)).body.content.map((b: { title: string }) => b.title);
        expect(await titles("")).toEqual(["Dune", "Fear"]);
        expect(await titles("&includeDeleted=true")).toEqual(["Dune", "Emma", "Fear"]);
        expect(await titles("&deletedOnly=true")).toEqual(["Emma"]);
        const total = async (query: string) => (await call(a, "GET", `/api/books?size=1${query}`)).body.totalElements;
        expect([await total(""), await total("&includeDeleted=true"), await total("&deletedOnly=true")]).toEqual([
          2, 3, 1,
        ]);
        const deleted = (await call(a, "GET", "/api/books?deletedOnly=true")).body.content[0];
        expect(deleted.deleted).toBe(true);
        expect(Number.isNaN(Date.parse(deleted.deletedAt))).toBe(false);
        expect((await call(a, "DELETE", `/api/books/${ids.emma}`, undefined, editor)).status).toBe(404);
        const restored = await call(a, "POST", `/api/books/${ids.emma}/restore`, undefined, editor);
        expect(restored.status).toBe(200);
        expect(restored.body).toMatchObject({ title: "Emma", deleted: false, deletedAt: null });
        expect(await titles("")).toEqual(["Dune", "Emma", "Fear"]);
        expect((await call(a, "POST", "/api/books/999999/restore", undefined, editor)).status).toBe(404);
        expect((await call(a, "DELETE", `/api/books/${ids.fear}?permanent=true`, undefined, editor)).status).toBe(204);
        expect(await titles("&includeDeleted=true")).toEqual(["Dune", "Emma"]);
      });
    });

    describe("audit and optimistic locking", () => {
      test("POST and PATCH fill audit columns from the user; version counts updates", async () => {
        const a = app();
        const created = await call(
          a,
          "POST",
          "/api/books",
          { title: "Gone", authorId: ids.alice, createdBy: "forged" },
          editor,
        );
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ createdBy: "7", updatedBy: "7", version: 0, deleted: false });
        expect(created.headers.get("etag")).toBe('"0"');
        const patched = await call(a, "PATCH", `/api/books/${created.body.id}`, { pages: 10 }, { "x-user": "9:admin" });
        expect(patched.body).toMatchObject({ pages: 10, createdBy: "7", updatedBy: "9", version: 1 });
        expect(Date.parse(patched.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.createdAt));
        expect(patched.headers.get("etag")).toBe('"1"');
        const forged = await call(a, "PATCH", `/api/books/${created.body.id}`, { createdBy: "x" }, editor);
        expect([forged.status, forged.body.message]).toEqual([400, "Cannot update read-only field: createdBy"]);
      });

      test("public resources: audit takes the user when there is one; public reads never call auth", async () => {
        let calls = 0;
        const a = app({
          auth: (c) => {
            calls++;
            return auth?.(c) ?? null;
          },
          resources: [authorsResource(t.tables), booksResource(t.tables, { security: { level: "PUBLIC" } })],
        });
        const signed = await call(a, "POST", "/api/books", { title: "Signed", authorId: ids.bob }, { "x-user": "5" });
        expect(signed.body).toMatchObject({ createdBy: "5", updatedBy: "5" });
        const anonymous = await call(a, "POST", "/api/books", { title: "Anon", authorId: ids.bob });
        expect([anonymous.status, anonymous.body.createdBy]).toEqual([201, null]);
        calls = 0;
        await call(a, "GET", "/api/books", undefined, { "x-user": "5" });
        await call(a, "GET", `/api/books/${ids.dune}`, undefined, { "x-user": "5" });
        await call(a, "PATCH", `/api/authors/${ids.bob}`, { rating: 2 }, { "x-user": "5" });
        expect(calls).toBe(0);
      });

      test("a stale version answers 409; If-Match mismatch 412; matching If-Match succeeds", async () => {
        const a = app();
        const path = `/api/books/${ids.dune}`;
        expect((await call(a, "PATCH", path, { pages: 501, version: 0 }, editor)).body.version).toBe(1);
        const stale = await call(a, "PATCH", path, { pages: 502, version: 0 }, editor);
        expect([stale.status, stale.body.error]).toEqual([409, "Conflict"]);
        const put = await call(a, "PUT", path, { title: "Dune", authorId: ids.alice, version: 0 }, editor);
        expect(put.status).toBe(409);
        const mismatch = await call(a, "PATCH", path, { pages: 503 }, { ...editor, "if-match": '"0"' });
        expect(mismatch.status).toBe(412);
        expect((await call(a, "PATCH", path, { pages: 503 }, { ...editor, "if-match": "garbage" })).status).toBe(412);
        const current = await call(a, "GET", path);
        expect([current.body.pages, current.headers.get("etag")]).toEqual([501, '"1"']);
        const ok = await call(a, "PATCH", path, { pages: 504 }, { ...editor, "if-match": '"1"' });
        expect([ok.status, ok.body.pages, ok.headers.get("etag")]).toEqual([200, 504, '"2"']);
      });
    });

    describe("security", () => {
      test("ROLE_BASED writes: 401 without user, 403 without role, for every write method", async () => {
        const a = app();
        expect((await call(a, "GET", "/api/books")).status).toBe(200);
        expect((await call(a, "GET", `/api/books/${ids.dune}`)).status).toBe(200);
        const writes: [string, string, unknown][] = [
          ["POST", "/api/books", { title: "T", authorId: ids.alice }],
          ["PUT", `/api/books/${ids.dune}`, { title: "T", authorId: ids.alice }],
          ["PATCH", `/api/books/${ids.dune}`, { pages: 1 }],
          ["DELETE", `/api/books/${ids.dune}`, undefined],
          ["POST", `/api/books/${ids.dune}/restore`, undefined],
        ];
        for (const [method, path, body] of writes) {
          const anonymous = await call(a, method, path, body);
          expect([method, path, anonymous.status, anonymous.body.error]).toEqual([method, path, 401, "Unauthorized"]);
          const wrongRole = await call(a, method, path, body, reader);
          expect([method, path, wrongRole.status]).toEqual([method, path, 403]);
        }
        for (const [method, path, body] of writes) {
          expect([method, path, (await call(a, method, path, body, editor)).status < 300]).toEqual([
            method,
            path,
            true,
          ]);
        }
      });

      test("AUTHENTICATED level protects reads too; async auth is awaited", async () => {
        const a = app({
          auth: async (c) => (c.req.header("x-user") ? { id: 1, roles: [] } : null),
          resources: [countriesResource(t.tables, { security: { level: "AUTHENTICATED" } })],
        });
        expect((await call(a, "GET", "/api/countries")).status).toBe(401);
        expect((await call(a, "GET", "/api/countries/C01")).status).toBe(401);
        expect((await call(a, "DELETE", "/api/countries/C01")).status).toBe(401);
        expect((await call(a, "GET", "/api/countries/C01", undefined, reader)).status).toBe(200);
        const roles = app({
          resources: [countriesResource(t.tables, { security: { level: "ROLE_BASED", roles: ["geo"] } })],
        });
        expect((await call(roles, "GET", "/api/countries", undefined, reader)).status).toBe(403);
        expect((await call(roles, "GET", "/api/countries", undefined, { "x-user": "1:x|geo" })).status).toBe(200);
      });
    });

    describe("identifiers", () => {
      test("string ids: create, Location, get, delete", async () => {
        const a = app();
        const r = await call(a, "POST", "/api/countries", { code: "F R", name: "France" });
        expect([r.status, r.headers.get("location")]).toEqual([201, "/api/countries/F%20R"]);
        expect((await call(a, "GET", "/api/countries/F%20R")).body).toEqual({
          code: "F R",
          name: "France",
          size: null,
        });
        expect((await call(a, "POST", "/api/countries", { name: "No code" })).status).toBe(400);
        expect((await call(a, "DELETE", "/api/countries/F%20R")).status).toBe(204);
        expect((await call(a, "GET", "/api/countries/F%20R")).status).toBe(404);
      });

      test("composite keys: values joined by commas in key order, commas inside values percent-encoded", async () => {
        const a = app({
          resources: [defineResource(t.tables.bookTags, { path: "book-tags" }), booksResource(t.tables)],
        });
        const got = await call(a, "GET", `/api/book-tags/${ids.dune},scifi`);
        expect(got.body).toEqual({ bookId: ids.dune, tag: "scifi", note: "space", book: ids.dune });
        const created = await call(a, "POST", "/api/book-tags", { bookId: ids.emma, tag: "a,b", note: "n" });
        expect([created.status, created.headers.get("location")]).toEqual([201, `/api/book-tags/${ids.emma},a%2Cb`]);
        const location = created.headers.get("location") as string;
        expect((await call(a, "PATCH", location, { note: "m" })).body.note).toBe("m");
        expect((await call(a, "POST", "/api/book-tags", { bookId: ids.emma, tag: "a,b" })).status).toBe(409);
        expect((await call(a, "DELETE", location)).status).toBe(204);
        expect((await call(a, "GET", location)).status).toBe(404);
        expect((await call(a, "GET", `/api/book-tags/${ids.dune}`)).status).toBe(404);
        const list = await call(a, "GET", `/api/book-tags?sort=tag,desc`);
        expect(list.body.totalElements).toBe(3);
      });
    });

    describe("relations: depth, cycles, batch loading", () => {
      const withMapping = (mapping: MappingPreset | MappingConfig) =>
        app({ resources: [authorsResource(t.tables, { mapping }), booksResource(t.tables, { mapping })] });

      test("relations are ids by default (SHALLOW) and objects up to the configured depth", async () => {
        const shallow = await call(app(), "GET", `/api/books/${ids.emma}`);
        expect(shallow.body.author).toBe(ids.bob);
        const one = await call(withMapping("DEFAULT"), "GET", `/api/books/${ids.emma}`);
        expect(one.body.author).toMatchObject({ id: ids.bob, name: "Bob", mentor: ids.alice });
        expect(one.body.author).not.toHaveProperty("secret");
        const deep = await call(withMapping("DEEP"), "GET", `/api/books/${ids.fear}`);
        expect(deep.body.author.mentor.mentor).toMatchObject({ id: ids.alice, mentor: null });
        const two = await call(
          withMapping(DtoMappingConfig.builder().maxDepth(2).build()),
          "GET",
          `/api/books/${ids.fear}`,
        );
        expect(two.body.author.mentor).toMatchObject({ id: ids.bob, mentor: ids.alice });
      });

      test("a cycle is output as an id; without cycle detection only the depth stops it", async () => {
        await call(app(), "PATCH", `/api/authors/${ids.alice}`, { mentorId: ids.carol });
        const cyc = await call(withMapping("DEEP"), "GET", `/api/authors/${ids.alice}`);
        expect(cyc.body.mentor.id).toBe(ids.carol);
        expect(cyc.body.mentor.mentor.id).toBe(ids.bob);
        expect(cyc.body.mentor.mentor.mentor).toBe(ids.alice);
        const noDetect = withMapping(DtoMappingConfig.builder().maxDepth(3).detectCycles(false).build());
        const r = await call(noDetect, "GET", `/api/authors/${ids.alice}`);
        expect(r.body.mentor.mentor.mentor).toMatchObject({ id: ids.alice, mentor: ids.carol });
      });

      test("includeNullFields(false) leaves nulls out", async () => {
        const a = withMapping(DtoMappingConfig.builder().includeNullFields(false).build());
        const r = await call(a, "GET", `/api/authors/${ids.carol}`);
        expect(r.body).not.toHaveProperty("rating");
        expect(r.body).not.toHaveProperty("born");
        expect(r.body.mentor).toMatchObject({ id: ids.bob });
      });

      test("one query per relation level, whatever the number of rows", async () => {
        await call(app(), "PATCH", `/api/authors/${ids.alice}`, { mentorId: ids.carol });
        const a = withMapping(DtoMappingConfig.builder().maxDepth(3).detectCycles(false).build());
        t.statements.length = 0;
        const r = await call(a, "GET", "/api/books");
        expect(r.body.content).toHaveLength(3);
        const selects = t.statements.filter((s) => /^\s*select/i.test(s));
        expect(selects).toHaveLength(4);
        t.statements.length = 0;
        const paged = await call(a, "GET", "/api/books?size=2&sort=title");
        expect(paged.body.totalElements).toBe(3);
        // A full page: its total is counted by the page's own statement, then one statement per relation level.
        expect(t.statements).toHaveLength(4);
        t.statements.length = 0;
        await call(app(), "GET", "/api/books");
        expect(t.statements).toHaveLength(1);
      });
    });

    describe("errors", () => {
      test("an unexpected error answers 500 without internals", async () => {
        const broken = {
          select() {
            throw new Error("connection password=hunter2 at 10.0.0.1");
          },
        };
        const reported: unknown[] = [];
        const a = app({ db: broken, onError: (error) => void reported.push(error) });
        const r = await call(a, "GET", "/api/countries");
        expect(r.status).toBe(500);
        expect(r.body).toMatchObject({
          status: 500,
          error: "Internal Server Error",
          message: "Unexpected server error",
        });
        expect(JSON.stringify(r.body)).not.toContain("hunter2");
        expect(String(reported[0])).toContain("hunter2");
      });
    });
  });
}
