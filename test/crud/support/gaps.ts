/**
 * Issue 15, "Gaps of the REST part": ISO 8601 TEXT timestamps for soft delete and audit, relations onto composite
 * keys, JSON 404 for unknown paths under the base path, configurable OpenAPI info and documented `extend` routes,
 * unknown list parameters (ignored by default, 400 in strict mode). Runs inside the shared suite on every dialect.
 */
import { describe, expect, test } from "bun:test";
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { defineResource, type MappingPreset } from "../../../src/crud/index.ts";
import type { SuiteContext } from "./hardening.ts";
import { call } from "./http.ts";
import { authorsResource, booksResource } from "./resources.ts";

// biome-ignore lint/suspicious/noExplicitAny: reads raw rows through whichever dialect's Drizzle database
type Loose = any;

const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function gapTests({ t, ids, app }: SuiteContext): void {
  describe("gaps of the REST part (issue 15)", () => {
    describe("soft delete and audit in ISO 8601 TEXT columns", () => {
      const notesApp = () =>
        app({
          resources: [
            defineResource(t().tables.notes, {
              path: "notes",
              softDelete: true,
              auditable: { version: true },
              fields: { createdAt: { filterable: ["GREATER_THAN", "LESS_THAN"] } },
            }),
          ],
        });
      const raw = async (id: number) => {
        const { notes } = t().tables;
        const [row] = await (t().db as Loose).select().from(notes).where(eq(notes.id, id));
        return row;
      };

      test("create, patch, delete and restore write ISO strings", async () => {
        const a = notesApp();
        const created = await call(a, "POST", "/api/notes", { body: "first", createdAt: "forged" }, { "x-user": "4" });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ body: "first", createdBy: "4", version: 0, deleted: false });
        expect(created.body.createdAt).toMatch(iso);
        expect(created.body.updatedAt).toBe(created.body.createdAt);
        expect(created.body.deletedAt).toBeNull();
        const id = created.body.id;
        expect((await raw(id)).createdAt).toBe(created.body.createdAt);
        const patched = await call(a, "PATCH", `/api/notes/${id}`, { body: "second" }, { "x-user": "5" });
        expect(patched.body).toMatchObject({ body: "second", updatedBy: "5", version: 1 });
        expect(patched.body.updatedAt).toMatch(iso);
        expect(patched.body.updatedAt >= created.body.createdAt).toBe(true);
        expect((await call(a, "DELETE", `/api/notes/${id}`)).status).toBe(204);
        const deleted = await raw(id);
        expect([typeof deleted.deletedAt, Boolean(deleted.deleted)]).toEqual(["string", true]);
        expect(deleted.deletedAt).toMatch(iso);
        expect((await call(a, "GET", `/api/notes/${id}`)).status).toBe(404);
        const listed = await call(a, "GET", "/api/notes?deletedOnly=true");
        expect(listed.body.content.map((n: { deletedAt: string }) => n.deletedAt)).toEqual([deleted.deletedAt]);
        const restored = await call(a, "POST", `/api/notes/${id}/restore`);
        expect([restored.status, restored.body.deletedAt, restored.body.version]).toEqual([200, null, 3]);
        expect((await raw(id)).deletedAt).toBeNull();
      });

      test("filters on a managed TEXT timestamp read dates and compare as ISO strings", async () => {
        const a = notesApp();
        const created = await call(a, "POST", "/api/notes", { body: "dated" });
        const count = async (query: string) => (await call(a, "GET", `/api/notes?${query}`)).body.totalElements;
        expect(await count("createdAt_gt=2000-01-01")).toBe(1);
        expect(await count(`createdAt_gt=${encodeURIComponent(created.body.createdAt)}`)).toBe(0);
        expect(await count("createdAt_lt=2999-12-31T00:00:00Z")).toBe(1);
        expect(await count("createdAt_gt=2999-12-31")).toBe(0);
        expect((await call(a, "GET", "/api/notes?createdAt_gt=notadate")).status).toBe(400);
      });
    });

    describe("relations onto composite keys", () => {
      const votes = (mapping: MappingPreset = "SHALLOW", extra: Record<string, unknown> = {}) =>
        app({
          resources: [
            defineResource(t().tables.bookTags, { path: "book-tags", mapping }),
            booksResource(t().tables),
            defineResource(t().tables.tagVotes, {
              path: "tag-votes",
              mapping,
              fields: { tagName: { filterable: ["EQUALS"] } },
              ...extra,
            }),
          ],
        });
      const tags = (body: { content: { tag: unknown }[] }) => body.content.map((v) => v.tag);

      test("a composite foreign key is found: the relation is the key as in the path, null when a part is null", async () => {
        const { dune, emma } = ids();
        const r = await call(votes(), "GET", "/api/tag-votes?sort=voter");
        expect(r.status).toBe(200);
        expect(tags(r.body)).toEqual([`${dune},scifi`, `${emma},classic`, null, null]);
        expect(r.body.content[0]).toMatchObject({ tagBookId: dune, tagName: "scifi", voter: "v1" });
        const filtered = await call(votes(), "GET", "/api/tag-votes?tagName=classic");
        expect(tags(filtered.body)).toEqual([`${emma},classic`]);
      });

      test("within the mapping depth the target row is embedded, with its own relations", async () => {
        const { dune } = ids();
        const r = await call(votes("DEEP"), "GET", "/api/tag-votes?sort=voter");
        expect(r.body.content[0].tag).toEqual({
          bookId: dune,
          tag: "scifi",
          note: "space",
          book: expect.objectContaining({ id: dune, title: "Dune" }),
        });
        expect(r.body.content.slice(2).map((v: { tag: unknown }) => v.tag)).toEqual([null, null]);
      });

      test("one SELECT per relation level, whatever the number of rows", async () => {
        t().statements.length = 0;
        const r = await call(votes("DEEP"), "GET", "/api/tag-votes");
        expect(r.body.content).toHaveLength(4);
        // page, book tags, books (four rows on a page of 20: no COUNT)
        expect(t().statements.filter((s) => /^\s*select/i.test(s))).toHaveLength(3);
      });

      test("commas in key values, explicit declaration, and an unreadable target stays its id", async () => {
        const { emma } = ids();
        const db = t().db as Loose;
        await db.insert(t().tables.bookTags).values({ bookId: emma, tag: "a,b", note: "comma" });
        await db.insert(t().tables.tagVotes).values({ tagBookId: emma, tagName: "a,b", voter: "v5" });
        const explicit = votes("DEFAULT", {
          relations: { entry: { columns: ["tagBookId", "tagName"], references: t().tables.bookTags } },
        });
        const r = await call(explicit, "GET", "/api/tag-votes?tagName=a,b");
        expect(r.body.content[0]).toMatchObject({ entry: { bookId: emma, tag: "a,b", note: "comma" } });
        expect(r.body.content[0]).not.toHaveProperty("tag");
        const shallow = await call(votes(), "GET", "/api/tag-votes?tagName=a,b");
        expect(shallow.body.content[0].tag).toBe(`${emma},a%2Cb`);
        expect((await call(votes(), "GET", `/api/book-tags/${shallow.body.content[0].tag}`)).body.note).toBe("comma");
        const locked = app({
          resources: [
            defineResource(t().tables.bookTags, { path: "book-tags", security: { level: "AUTHENTICATED" } }),
            defineResource(t().tables.tagVotes, { path: "tag-votes", mapping: "DEFAULT" }),
          ],
        });
        const anonymous = await call(locked, "GET", "/api/tag-votes?sort=voter");
        expect(anonymous.body.content[0].tag).toBe(`${ids().dune},scifi`);
        const signed = await call(locked, "GET", "/api/tag-votes?sort=voter", undefined, { "x-user": "1" });
        expect(signed.body.content[0].tag).toMatchObject({ tag: "scifi", note: "space" });
      });
    });

    describe("unknown paths under the base path", () => {
      const notFound = async (a: Hono, path: string, method = "GET") => {
        const r = await call(a, method, path);
        expect([path, r.status, r.headers.get("content-type")]).toEqual([path, 404, "application/json"]);
        expect(r.body).toMatchObject({ status: 404, error: "Not Found", path });
        expect(typeof r.body.message).toBe("string");
      };

      test("answer 404 with the JSON error body", async () => {
        const a = app();
        for (const path of [
          "/api/nope",
          "/api/nope/deeper",
          `/api/books/${ids().dune}/nope`,
          "/api/authors/1/restore",
        ]) {
          await notFound(a, path);
        }
        await notFound(a, "/api/nope", "POST");
      });

      test("host routes under the base path still answer; paths outside stay the host's", async () => {
        const host = new Hono();
        host.get("/api/before", (c) => c.text("before"));
        host.route("/", app());
        host.get("/api/after", (c) => c.text("after"));
        expect(await (await host.request("/api/before")).text()).toBe("before");
        expect(await (await host.request("/api/after")).text()).toBe("after");
        await notFound(host, "/api/missing");
        const outside = await host.request("/elsewhere");
        expect([outside.status, outside.headers.get("content-type")?.startsWith("text/plain")]).toEqual([404, true]);
        const prefixed = new Hono().route("/v1", app());
        await notFound(prefixed, "/v1/api/missing");
        expect((await call(prefixed, "GET", "/v1/api/countries?size=1")).status).toBe(200);
      });
    });

    describe("unknown query parameters on list", () => {
      test("are ignored by default", async () => {
        const r = await call(app(), "GET", "/api/authors?nope=1&name_gt=B&secret=s-alice");
        expect([r.status, r.body.totalElements]).toEqual([200, 3]);
      });

      test("strictQuery answers 400 naming them; known parameters and a resource's own choice still apply", async () => {
        const strict = app({ strictQuery: true });
        const r = await call(strict, "GET", "/api/authors?nope=1&name=Alice&secret=x&nope=2&includeDeleted=true");
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({
          status: 400,
          error: "Bad Request",
          message: "Unknown query parameters: nope, secret, includeDeleted",
          path: "/api/authors",
        });
        const known = await call(strict, "GET", "/api/authors?page=0&size=5&sort=name&name_in=Alice,Bob&rating_gt=1");
        expect([known.status, known.body.totalElements]).toEqual([200, 2]);
        const books = await call(strict, "GET", "/api/books?includeDeleted=true&deletedOnly=false&title_like=u");
        expect(books.status).toBe(200);
        const lenient = app({
          strictQuery: true,
          resources: [authorsResource(t().tables, { strictQuery: false })],
        });
        expect((await call(lenient, "GET", "/api/authors?nope=1")).status).toBe(200);
        const strictOne = app({ resources: [authorsResource(t().tables, { strictQuery: true })] });
        expect((await call(strictOne, "GET", "/api/authors?nope=1")).body.message).toBe(
          "Unknown query parameters: nope",
        );
      });
    });

    describe("OpenAPI info and documented extend routes", () => {
      const initials = z.object({ id: z.int(), initials: z.string() }).openapi("AuthorInitials");
      const route = createRoute({
        method: "get",
        path: "/{id}/initials",
        summary: "Initials of an author",
        request: { params: z.object({ id: z.coerce.number().int().min(1) }) },
        responses: {
          200: { description: "The initials", content: { "application/json": { schema: initials } } },
          404: { description: "No such author" },
        },
      });
      const documented = () =>
        app({
          openapi: {
            info: { title: "Library", version: "2.1.0", description: "Books and authors" },
            servers: [{ url: "https://api.example.com", description: "production" }],
          },
          resources: [
            authorsResource(t().tables, {
              extend: (router) =>
                router.openapi(route, async (c) => {
                  const { id } = c.req.valid("param");
                  const { authors } = t().tables;
                  const [row] = await (t().db as Loose).select().from(authors).where(eq(authors.id, id));
                  if (!row) return c.body(null, 404);
                  const letters = String(row.name)
                    .split(" ")
                    .map((w) => w[0])
                    .join("");
                  return c.json({ id, initials: letters }, 200);
                }),
            }),
          ],
        });

      test("info and servers come from crud({ openapi }); the default info stays", async () => {
        const doc = await (await documented().request("/api/openapi.json")).json();
        expect(doc.info).toEqual({ title: "Library", version: "2.1.0", description: "Books and authors" });
        expect(doc.servers).toEqual([{ url: "https://api.example.com", description: "production" }]);
        const plain = await (await app().request("/api/openapi.json")).json();
        expect([plain.info, plain.servers]).toEqual([{ title: "REST API", version: "1.0.0" }, [{ url: "/" }]]);
      });

      test("a route added with router.openapi() in extend is served and documented under the resource path", async () => {
        const a = documented();
        const r = await call(a, "GET", `/api/authors/${ids().carol}/initials`);
        expect([r.status, r.body]).toEqual([200, { id: ids().carol, initials: "C1" }]);
        const bad = await call(a, "GET", "/api/authors/zero/initials");
        expect([bad.status, bad.body.message, bad.body.errors?.[0]?.field]).toEqual([400, "Validation failed", "id"]);
        const doc = await (await a.request("/api/openapi.json")).json();
        const operation = doc.paths["/api/authors/{id}/initials"]?.get;
        expect(operation?.summary).toBe("Initials of an author");
        expect(operation?.responses["200"].content["application/json"].schema).toEqual({
          $ref: "#/components/schemas/AuthorInitials",
        });
        expect(doc.components.schemas.AuthorInitials.properties.initials).toEqual({ type: "string" });
        expect(doc.paths["/api/authors/{id}"].get.operationId).toBe("getAuthors");
      });
    });
  });
}
