/**
 * Property tests (fast-check): random query strings against the list endpoints — documented parameters with random
 * and garbage values, unknown names, raw undecoded text — never produce a 500 and never leak a hidden field, on every
 * database the shared suite uses (SQLite and PGlite always; PostgreSQL and MariaDB when configured). The parameter
 * names come from the served OpenAPI document, so every documented parameter is exercised.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { Hono } from "hono";
import { crud, defineResource } from "../../src/crud/index.ts";
import { missing } from "../support/env.ts";
import {
  type DialectFactory,
  mysqlFactory,
  pgliteFactory,
  postgresFactory,
  sqliteFactory,
  type TestDatabase,
} from "./support/dialects.ts";
import { type Seed, seed } from "./support/seed.ts";
import type { Tables } from "./support/tables.ts";

// biome-ignore lint/suspicious/noExplicitAny: walking JSON answers
type Json = any;

/** Values of the hidden `secret` column in the seed rows (support/seed.ts). */
const secrets = ["s-alice", "s-bob", "s-carol"];
const hiddenNames = ["secret", "secret_like", "secret_in", "secret_null", "secret_not_null", "secret_gt"];

function resources(t: Tables) {
  const everyComparison = ["EQUALS", "GREATER_THAN", "LESS_THAN", "RANGE", "BETWEEN", "IN", "NOT_IN"] as const;
  return [
    defineResource(t.authors, {
      path: "authors",
      mapping: "DEEP",
      fields: {
        name: { filterable: ["EQUALS", "LIKE", "IN", "NOT_IN", "IS_NULL"] },
        email: { filterable: ["EQUALS", "LIKE"] },
        secret: { hidden: true },
        rating: { filterable: [...everyComparison, "IS_NULL", "IS_NOT_NULL"] },
        active: { filterable: ["EQUALS", "IN", "IS_NULL"] },
        born: { filterable: [...everyComparison, "IS_NOT_NULL"] },
        logged: { filterable: ["IN", "LIKE"] },
        logged_in: { filterable: ["EQUALS", "IN"] },
        mentorId: { filterable: ["EQUALS", "IS_NULL"] },
        code: { readOnly: true },
      },
    }),
    // Books nest their author, whose hidden secret must not travel along.
    defineResource(t.books, {
      path: "books",
      softDelete: true,
      auditable: { version: true },
      mapping: "DEEP",
      fields: {
        title: { filterable: ["LIKE", "EQUALS"] },
        pages: { filterable: ["GREATER_THAN_OR_EQUAL", "LESS_THAN_OR_EQUAL", "IS_NOT_NULL"] },
        deletedAt: { filterable: ["IS_NULL", "GREATER_THAN"] },
      },
    }),
    defineResource(t.countries, { path: "countries", fields: { size: { filterable: ["RANGE", "NOT_IN"] } } }),
    defineResource(t.bookTags, { path: "book-tags", mapping: "DEEP", fields: { tag: { filterable: ["IN"] } } }),
  ];
}

/** Query parameter names of each list operation, as documented. */
function documentedParameters(document: Json): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths as Json)) {
    const list = (item as Json).get;
    if (!path.includes("{") && list)
      lists.set(
        path,
        list.parameters.map((p: Json) => p.name),
      );
  }
  return lists;
}

const fieldNames = ["id", "name", "email", "secret", "rating", "born", "logged_in", "title", "pages", "size", "x"];

/** Random and hostile values: numbers of every shape, dates, flags, lists, SQL and LIKE metacharacters, unicode. */
const value = fc.oneof(
  fc.integer({ min: -3, max: 600 }).map(String),
  fc.double().map(String),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.array(fc.integer({ min: -3, max: 30 }).map(String), { maxLength: 4 }).map((parts) => parts.join(",")),
  fc
    .tuple(fc.constantFrom(...fieldNames), fc.constantFrom("", ",asc", ",desc", ",DESC", ",up", ",asc,desc", ","))
    .map(([field, direction]) => field + direction),
  fc.constantFrom(
    "true",
    "false",
    "",
    "null",
    "NaN",
    "Infinity",
    "-0",
    "1e999",
    "9007199254740993",
    "99999999999999999999",
    "0x10",
    "1980-01-01",
    "2024-13-45T99:00:00Z",
    "%",
    "_",
    "\\",
    "'",
    "' OR 1=1 --",
    "\u0000",
    ",",
    "1,",
    "Alice,Bob",
    "Carol 100%_x",
  ),
);

const garbageName = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.constantFrom("page", "size", "sort", "includeDeleted", "deletedOnly", "_like", "__proto__", "constructor"),
);

/** One query string: documented names with random values, a few unknown or hidden names, sometimes raw text. */
function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom(...hiddenNames) },
    { weight: 1, arbitrary: garbageName },
  );
  const encoded = fc
    .array(fc.tuple(name, value), { maxLength: 6 })
    .map((pairs) => new URLSearchParams(pairs).toString());
  const raw = fc.string({ unit: fc.constantFrom(..."%&=+,;?az09_-.~[]'\"<> "), maxLength: 24 });
  return fc.oneof({ weight: 5, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** Every key of every object in a JSON value. */
function keys(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) keys(item, found);
  else if (node && typeof node === "object") {
    for (const [key, child] of Object.entries(node)) {
      found.add(key);
      keys(child, found);
    }
  }
  return found;
}

function checkAnswer(url: string, status: number, headers: Headers, text: string): void {
  expect([200, 400]).toContain(status);
  const body = JSON.parse(text);
  if (status === 400) {
    expect(body).toMatchObject({ status: 400, error: "Bad Request" });
    expect(typeof body.message).toBe("string");
    return;
  }
  expect(keys(body).has("secret")).toBe(false);
  for (const secret of secrets) if (!url.includes(secret)) expect(text).not.toContain(secret);
  expect(body.numberOfElements).toBe(body.content.length);
  expect(body.content.length).toBeLessThanOrEqual(body.size);
  expect(headers.get("x-total-count")).toBe(String(body.totalElements));
}

/** Spellings that JavaScript's `Number()` reads as `n` but that are not its plain decimal form. */
function otherSpellings(n: number): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer({ min: 1, max: 3 }).map((zeros) => "0".repeat(zeros) + n),
    fc.tuple(fc.constantFrom(" ", "\t", "\n", "+"), fc.constantFrom("", " ", "\n")).map(([a, b]) => `${a}${n}${b}`),
    fc.constantFrom(
      `${n}.0`,
      `${n}.`,
      `${n}e0`,
      `${n}E+0`,
      `${n * 10}e-1`,
      `0x${n.toString(16)}`,
      `0X${n.toString(16).toUpperCase()}`,
      `0b${n.toString(2)}`,
      `0o${n.toString(8)}`,
      `${n}n`,
      `${n}_`,
    ),
  );
}

function propertySuite(factory: DialectFactory, runs: number): void {
  describe.skipIf(missing(factory.name, factory.available))(`list endpoints on ${factory.name}`, () => {
    let database: TestDatabase;
    let app: Hono;
    let lists: Map<string, string[]>;
    let ids: Seed;

    beforeAll(async () => {
      database = await factory.open();
      ids = await seed(database);
      app = crud({ db: database.db, resources: resources(database.tables) });
      lists = documentedParameters(await (await app.request("/api/openapi.json")).json());
    }, 120_000);
    afterAll(() => database?.close());

    test("every documented filter is exercised", () => {
      expect([...lists.keys()].sort()).toEqual(["/api/authors", "/api/book-tags", "/api/books", "/api/countries"]);
      expect(lists.get("/api/authors")).toContain("logged_in_in");
      expect(lists.get("/api/authors")).not.toContain("secret");
    });

    test("random query strings never answer 500 and never leak the hidden field", async () => {
      const request = fc
        .constantFrom(...lists.keys())
        .chain((path) => queryString(lists.get(path) ?? []).map((query) => `${path}?${query}`));
      const seen = { 200: 0, 400: 0, rows: 0 };
      await fc.assert(
        fc.asyncProperty(request, async (url) => {
          const response = await app.request(url);
          const text = await response.text();
          checkAnswer(url, response.status, response.headers, text);
          seen[response.status as 200 | 400]++;
          if (response.status === 200 && JSON.parse(text).content.length > 0) seen.rows++;
        }),
        { numRuns: runs },
      );
      // The generator must reach both outcomes, and rows (with nested relations) must actually be returned.
      expect(seen[200]).toBeGreaterThan(runs / 10);
      expect(seen[400]).toBeGreaterThan(runs / 10);
      expect(seen.rows).toBeGreaterThan(runs / 20);
    }, 300_000);

    test("parameters naming the hidden field change nothing (no filtering oracle on hidden values)", async () => {
      const total = async (url: string) => (await app.request(url)).headers.get("x-total-count");
      const base = await total("/api/authors");
      expect(base).toBe("3");
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...hiddenNames), fc.constantFrom(...secrets, "s-", "true"), async (n, v) => {
          expect(await total(`/api/authors?${new URLSearchParams({ [n]: v })}`)).toBe(base);
        }),
        { numRuns: 30 },
      );
    }, 60_000);

    test("an id or a number has one spelling: any other addresses no row (404) and filters nothing (400)", async () => {
      const seeded = [ids.alice, ids.bob, ids.carol];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...seeded).chain((id) => otherSpellings(id)),
          fc.constantFrom(3, 5).chain((rating) => otherSpellings(rating)),
          async (id, rating) => {
            const got = await app.request(`/api/authors/${encodeURIComponent(id)}`);
            expect([id, got.status]).toEqual([id, 404]);
            const filtered = await app.request(`/api/authors?${new URLSearchParams({ rating })}`);
            expect([rating, filtered.status]).toEqual([rating, 400]);
          },
        ),
        { numRuns: Math.ceil(runs / 5) },
      );
      for (const id of seeded) expect((await app.request(`/api/authors/${id}`)).status).toBe(200);
      expect((await app.request("/api/authors?rating=5")).headers.get("x-total-count")).toBe("1");
    }, 120_000);

    test("random ids on get never answer 500 and never leak the hidden field", async () => {
      const id = fc
        .oneof(fc.integer({ min: -2, max: 10 }).map(String), fc.string({ minLength: 1, maxLength: 10 }))
        // "." and ".." are dot segments: the URL resolves them away before any route sees them.
        .filter((raw) => raw !== "." && raw !== "..");
      const paths = ["/api/authors", "/api/books", "/api/countries", "/api/book-tags"];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...paths), id, async (path, raw) => {
          const url = `${path}/${encodeURIComponent(raw)}`;
          const response = await app.request(url);
          expect([200, 404]).toContain(response.status);
          const text = await response.text();
          expect(keys(JSON.parse(text)).has("secret")).toBe(false);
          for (const secret of secrets) expect(text).not.toContain(secret);
        }),
        { numRuns: Math.ceil(runs / 3) },
      );
    }, 120_000);
  });
}

propertySuite(sqliteFactory, 1000);
propertySuite(pgliteFactory, 500);
propertySuite(postgresFactory, 300);
propertySuite(mysqlFactory, 300);
