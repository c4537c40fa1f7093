/** The OpenAPI document and reference UI of crud(): validity, every operation and status code, schemas, serving. */
import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Validator } from "@seriousme/openapi-schema-validator";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { bigint, jsonb, pgEnum, pgTable, uuid } from "drizzle-orm/pg-core";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { foreignKey, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { crud, defineResource, sqliteCrudColumns } from "../../src/crud/index.ts";

// biome-ignore lint/suspicious/noExplicitAny: walking a parsed JSON document
type Json = Record<string, any>;

const authors = sqliteTable("authors", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text().notNull(),
  email: text().notNull(),
  passwordHash: text("password_hash"),
});
const books = sqliteTable("books", {
  id: integer().primaryKey({ autoIncrement: true }),
  title: text().notNull(),
  price: real(),
  isbn: text(),
  authorId: integer("author_id").references(() => authors.id),
  ...sqliteCrudColumns.softDelete(),
  ...sqliteCrudColumns.audit(),
  ...sqliteCrudColumns.version(),
});
const genres = sqliteTable("genres", { code: text().primaryKey(), label: text().notNull() });
const shelves = sqliteTable("shelves", { room: text().notNull(), slot: integer().notNull(), note: text() }, (t) => [
  primaryKey({ columns: [t.room, t.slot] }),
]);
const drafts = sqliteTable("drafts", { id: integer().primaryKey(), body: text() });
const notes = sqliteTable("notes", { id: integer().primaryKey(), body: text() });

const resources = [
  defineResource(authors, {
    path: "authors",
    description: "People who write books",
    tags: ["Library"],
    fields: {
      passwordHash: { hidden: true },
      email: { readOnly: true },
      name: { filterable: ["EQUALS", "LIKE", "IN"] },
    },
  }),
  defineResource(books, {
    path: "/books/",
    softDelete: true,
    auditable: { version: true },
    mapping: "DEFAULT",
    deleteResponse: "JSON",
    security: { readLevel: "PUBLIC", writeLevel: "ROLE_BASED", roles: ["editor", "admin"] },
    fields: {
      price: { filterable: ["RANGE", "BETWEEN", "GREATER_THAN"] },
      isbn: { filterable: ["IS_NULL", "IS_NOT_NULL", "NOT_IN"], sortable: false },
    },
  }),
  defineResource(genres, { path: "genres", expose: "READ_ONLY", security: { level: "AUTHENTICATED" } }),
  defineResource(shelves, { path: "shelves", expose: "CREATE_UPDATE" }),
  defineResource(drafts, { path: "drafts", expose: "CUSTOM" }),
  defineResource(notes, { path: "notes", router: new Hono().get("/", (c) => c.text("mine")) }),
];

function app(options: Partial<Parameters<typeof crud>[0]> = {}): Hono {
  const db = drizzle(new Database(":memory:"));
  return crud({ db, resources, auth: () => null, ...options });
}

async function fetchDocument(server: Hono, path = "/api/openapi.json"): Promise<Json> {
  const response = await server.request(path);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as Json;
}

const methods = ["get", "put", "post", "patch", "delete"] as const;

/** `METHOD path -> sorted status codes` for every operation in the document. */
function statusTable(document: Json): Record<string, string[]> {
  const table: Record<string, string[]> = {};
  for (const [path, item] of Object.entries(document.paths as Json)) {
    for (const method of methods) {
      if (item[method]) table[`${method.toUpperCase()} ${path}`] = Object.keys(item[method].responses).sort();
    }
  }
  return table;
}

/** Resolves a local `#/...` reference, failing the test when it points nowhere. */
function resolve(document: Json, ref: string): Json {
  expect(ref.startsWith("#/")).toBe(true);
  const target = ref
    .slice(2)
    .split("/")
    .reduce<Json | undefined>((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], document);
  if (!target) throw new Error(`unresolvable $ref ${ref}`);
  return target;
}

function refs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refs(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refs(value, found);
    }
  }
  return found;
}

const schemaOf = (document: Json, name: string): Json => document.components.schemas[name];
const parameterNames = (operation: Json): string[] => operation.parameters.map((p: Json) => p.name);

describe("OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document whose every $ref resolves", async () => {
    const document = await fetchDocument(app());
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const all = refs(document);
    expect(all.length).toBeGreaterThan(20);
    for (const ref of all) resolve(document, ref);
  });

  test("documents exactly the generated operations with the issue's status codes", async () => {
    const document = await fetchDocument(app());
    expect(statusTable(document)).toEqual({
      "GET /api/authors": ["200", "400", "401", "403"],
      "POST /api/authors": ["201", "400", "401", "403", "409", "415"],
      "GET /api/authors/{id}": ["200", "401", "403", "404"],
      "PUT /api/authors/{id}": ["200", "400", "401", "403", "404", "409", "415"],
      "PATCH /api/authors/{id}": ["200", "400", "401", "403", "404", "409", "415"],
      "DELETE /api/authors/{id}": ["204", "401", "403", "404", "409"],
      // versioned: If-Match mismatches are 412; deleteResponse JSON: 200 with a confirmation
      "GET /api/books": ["200", "400", "401", "403"],
      "POST /api/books": ["201", "400", "401", "403", "409", "415"],
      "GET /api/books/{id}": ["200", "401", "403", "404"],
      "PUT /api/books/{id}": ["200", "400", "401", "403", "404", "409", "412", "415"],
      "PATCH /api/books/{id}": ["200", "400", "401", "403", "404", "409", "412", "415"],
      "DELETE /api/books/{id}": ["200", "401", "403", "404", "409"],
      "POST /api/books/{id}/restore": ["200", "401", "403", "404"],
      // READ_ONLY
      "GET /api/genres": ["200", "400", "401", "403"],
      "GET /api/genres/{id}": ["200", "401", "403", "404"],
      // CREATE_UPDATE: no DELETE; CUSTOM (drafts) and replaced (notes) resources are absent
      "GET /api/shelves": ["200", "400", "401", "403"],
      "POST /api/shelves": ["201", "400", "401", "403", "409", "415"],
      "GET /api/shelves/{id}": ["200", "401", "403", "404"],
      "PUT /api/shelves/{id}": ["200", "400", "401", "403", "404", "409", "415"],
      "PATCH /api/shelves/{id}": ["200", "400", "401", "403", "404", "409", "415"],
    });
  });

  test("every response body and error is described by a schema, with the headers of the issue", async () => {
    const document = await fetchDocument(app());
    const ids = new Set<string>();
    for (const item of Object.values(document.paths as Json)) {
      for (const method of methods) {
        const operation = item[method];
        if (!operation) continue;
        expect(ids.has(operation.operationId)).toBe(false);
        ids.add(operation.operationId);
        for (const [code, response] of Object.entries(operation.responses as Record<string, Json>)) {
          expect(typeof response.description).toBe("string");
          if (code === "204") {
            expect(response.content).toBeUndefined();
            continue;
          }
          const ref = response.content["application/json"].schema.$ref as string;
          if (Number(code) >= 400) expect(ref).toMatch(/ErrorResponse$/);
          else resolve(document, ref);
        }
      }
    }
    const paths = document.paths as Json;
    expect(paths["/api/authors"].get.responses["200"].headers["X-Total-Count"].schema.type).toBe("integer");
    expect(paths["/api/authors"].post.responses["201"].headers.Location).toBeDefined();
    expect(paths["/api/authors"].post.responses["400"].content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ValidationErrorResponse",
    );
    expect(paths["/api/books/{id}"].get.responses["200"].headers.ETag).toBeDefined();
    expect(paths["/api/authors/{id}"].get.responses["200"].headers).toBeUndefined();
    expect(schemaOf(document, "ErrorResponse").required).toEqual(["timestamp", "status", "error", "message", "path"]);
    expect(schemaOf(document, "FieldError").required).toEqual(["field", "message", "rejectedValue"]);
    expect(schemaOf(document, "authorsPage").required).toEqual([
      "content",
      "pageable",
      "totalPages",
      "totalElements",
      "last",
      "first",
      "empty",
      "size",
      "number",
      "numberOfElements",
      "sort",
    ]);
  });

  test("list parameters: paging, sort values, soft-delete switches and one parameter per allowed filter", async () => {
    const document = await fetchDocument(app());
    const authorsList = document.paths["/api/authors"].get;
    expect(parameterNames(authorsList)).toEqual(["page", "size", "sort", "name", "name_like", "name_in"]);
    const [page, size, sort, , , nameIn] = authorsList.parameters as Json[];
    expect(page?.schema).toEqual({ type: "integer", minimum: 0, default: 0 });
    expect(size?.schema).toEqual({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(sort?.schema.items.enum).toContain("name,desc");
    expect(sort?.schema.items.enum).not.toContain("passwordHash");
    expect(nameIn).toMatchObject({ style: "form", explode: false, schema: { type: "array" } });
    const booksList = document.paths["/api/books"].get;
    expect(parameterNames(booksList)).toEqual([
      "page",
      "size",
      "sort",
      "includeDeleted",
      "deletedOnly",
      "price_gt",
      "price_gte",
      "price_lte",
      "price_range",
      "price_between",
      "isbn_not_in",
      "isbn_null",
      "isbn_not_null",
    ]);
    expect((booksList.parameters as Json[])[2]?.schema.items.enum).not.toContain("isbn");
    expect(document.paths["/api/books/{id}"].delete.parameters.map((p: Json) => p.name)).toEqual(["permanent"]);
    expect(document.paths["/api/books/{id}"].put.parameters.map((p: Json) => p.name)).toEqual(["If-Match"]);
  });

  test("bodies must be JSON (415) and list parameters carry their limits", async () => {
    const document = await fetchDocument(app());
    const writes = [
      document.paths["/api/authors"].post,
      document.paths["/api/authors/{id}"].put,
      document.paths["/api/books/{id}"].patch,
    ];
    for (const write of writes) {
      expect(write.responses["415"].content["application/json"].schema.$ref).toBe("#/components/schemas/ErrorResponse");
      expect(write.responses["415"].description).toContain("application/json");
    }
    expect(document.paths["/api/books/{id}/restore"].post.responses["415"]).toBeUndefined();
    const list = document.paths["/api/books"].get;
    expect(list.description).toContain("At most 50 filter parameters");
    const byName = (name: string) => (list.parameters as Json[]).find((p) => p.name === name);
    expect(byName("sort")?.schema.maxItems).toBe(10);
    expect(byName("sort")?.description).toContain("at most 10");
    expect(byName("isbn_not_in")?.schema.maxItems).toBe(500);
    expect(byName("isbn_not_in")?.description).toContain("at most 500");
    expect(byName("price_gt")?.description).toContain("plain decimal");
  });

  test("configured paging names, 1-based pages and a custom base path", async () => {
    const paging = { pageParam: "p", sizeParam: "limit", sortParam: "order", oneIndexed: true, maxSize: 50 };
    const document = await fetchDocument(app({ basePath: "/v2/", paging }), "/v2/openapi.json");
    const list = document.paths["/v2/authors"].get;
    expect(parameterNames(list).slice(0, 3)).toEqual(["p", "limit", "order"]);
    expect(list.parameters[0].schema).toEqual({ type: "integer", minimum: 1, default: 1 });
    expect(list.parameters[1].schema.maximum).toBe(50);
    expect((await app().request("/v2/openapi.json")).status).toBe(404);
  });

  test("path ids: typed single keys and documented composite keys", async () => {
    const document = await fetchDocument(app());
    expect(document.paths["/api/authors/{id}"].parameters[0]).toMatchObject({
      in: "path",
      required: true,
      schema: { type: "integer" },
    });
    expect(document.paths["/api/genres/{id}"].parameters[0].schema).toEqual({
      type: "string",
      pattern: "^[^\\u0000]*$",
    });
    const composite = document.paths["/api/shelves/{id}"].parameters[0];
    expect(composite.schema).toEqual({ type: "string" });
    expect(composite.description).toContain("room, slot");
  });

  test("schemas follow the DTO rules: hidden never, read-only only in output, relations nested by depth", async () => {
    const document = await fetchDocument(app());
    const properties = (name: string) => Object.keys(schemaOf(document, name).properties).sort();
    expect(properties("authors")).toEqual(["email", "id", "name"]);
    expect(properties("authorsCreate")).toEqual(["name"]);
    expect(properties("authorsUpdate")).toEqual(["name"]);
    expect(properties("authorsPatch")).toEqual(["name"]);
    expect(schemaOf(document, "authorsCreate").required).toEqual(["name"]);
    expect(properties("books")).toEqual(
      [
        "author",
        "authorId",
        "createdAt",
        "createdBy",
        "deleted",
        "deletedAt",
        "id",
        "isbn",
        "price",
        "title",
        "updatedAt",
        "updatedBy",
        "version",
      ].sort(),
    );
    expect(properties("booksCreate")).toEqual(["authorId", "isbn", "price", "title"]);
    // mapping DEFAULT: the relation is the author's id or the nested author object
    expect(JSON.stringify(schemaOf(document, "books").properties.author)).toContain(
      '"$ref":"#/components/schemas/authors"',
    );
    expect(schemaOf(document, "books").properties.author.description).toContain("may not read");
    expect(
      schemaOf(document, "books").properties.createdAt.anyOf ?? schemaOf(document, "books").properties.createdAt,
    ).toBeDefined();
    const put = document.paths["/api/books/{id}"].put.requestBody.content["application/json"].schema;
    expect(put.allOf[0]).toEqual({ $ref: "#/components/schemas/booksUpdate" });
    expect(put.allOf[1].properties.version.type).toBe("integer");
    const confirmation = document.paths["/api/books/{id}"].delete.responses["200"].content["application/json"].schema;
    expect(resolve(document, confirmation.$ref).required).toEqual(["message", "id", "permanent"]);
  });

  test("security: bearer scheme with the roles on protected operations, none on public ones", async () => {
    const document = await fetchDocument(app());
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    const paths = document.paths as Json;
    expect(paths["/api/authors"].get.security).toBeUndefined();
    expect(paths["/api/books"].get.security).toBeUndefined();
    for (const operation of [
      paths["/api/books"].post,
      paths["/api/books/{id}"].delete,
      paths["/api/books/{id}/restore"].post,
    ]) {
      expect(operation.security).toEqual([{ bearerAuth: ["editor", "admin"] }]);
      expect(operation.description).toContain("editor, admin");
    }
    expect(paths["/api/genres"].get.security).toEqual([{ bearerAuth: [] }]);
    const publicOnly = await fetchDocument(
      crud({ db: drizzle(new Database(":memory:")), resources: resources.slice(0, 1) }),
    );
    expect(publicOnly.components.securitySchemes).toBeUndefined();
  });

  test("description and tags come from the resource options (tags default to the resource name)", async () => {
    const document = await fetchDocument(app());
    expect(document.paths["/api/authors"].get.tags).toEqual(["Library"]);
    expect(document.paths["/api/authors/{id}"].get.description).toBe("People who write books");
    expect(document.paths["/api/authors"].get.description).toStartWith("People who write books\n\nAt most 50 filter");
    expect(document.paths["/api/books"].get.tags).toEqual(["books"]);
    expect(document.tags).toEqual([
      { name: "Library", description: "People who write books" },
      { name: "books" },
      { name: "genres" },
      { name: "shelves" },
    ]);
  });
});

test("every column kind converts: enum, 64-bit integer, JSON, UUID key", async () => {
  const mood = pgEnum("mood", ["happy", "sad"]);
  const events = pgTable("events", {
    id: uuid().primaryKey().defaultRandom(),
    mood: mood().notNull(),
    counter: bigint({ mode: "bigint" }),
    payload: jsonb(),
  });
  const server = crud({
    db: pgliteDrizzle.mock(),
    resources: [defineResource(events, { path: "events", fields: { mood: { filterable: ["IN"] } } })],
  });
  const document = await fetchDocument(server);
  const result = await new Validator().validate(document);
  expect(result.errors ?? []).toEqual([]);
  for (const ref of refs(document)) resolve(document, ref);
  const output = schemaOf(document, "events").properties;
  expect(output.mood).toEqual({ type: "string", enum: ["happy", "sad"] });
  expect(output.counter.anyOf).toEqual([{ type: "string", pattern: "^-?\\d+$" }, { type: "null" }]);
  expect(JSON.stringify(output.payload)).toContain("#/components/schemas/Shared_output_");
  expect(document.paths["/api/events/{id}"].parameters[0].schema).toEqual({ type: "string", pattern: "^[^\\u0000]*$" });
  expect(document.paths["/api/events"].get.parameters.at(-1)).toMatchObject({
    name: "mood_in",
    schema: { type: "array", items: { type: "string", enum: ["happy", "sad"] } },
  });
});

describe("reference UI", () => {
  test("/apidocs-ui.html loads Swagger UI from this server only, pointed at the document", async () => {
    const response = await app().request("/apidocs-ui.html");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await response.text();
    expect(html).toContain('data-spec-url="api/openapi.json"');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual([
      "apidocs-ui/swagger-ui.css",
      "apidocs-ui/favicon-32x32.png",
      "apidocs-ui/swagger-ui-bundle.js",
      "apidocs-ui/init.js",
    ]);
  });

  test("serves the assets from the swagger-ui-dist package, and nothing else", async () => {
    const server = app();
    const bundle = await server.request("/apidocs-ui/swagger-ui-bundle.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
    expect(await bundle.text()).toContain("SwaggerUIBundle");
    const css = await server.request("/apidocs-ui/swagger-ui.css");
    expect(css.headers.get("content-type")).toContain("text/css");
    const init = await (await server.request("/apidocs-ui/init.js")).text();
    expect(init).toContain("validatorUrl: null");
    expect((await server.request("/apidocs-ui/package.json")).status).toBe(404);
    expect((await server.request("/apidocs-ui/..%2Fpackage.json")).status).toBe(404);
  });

  test("mounted under a prefix, every URL the page uses still resolves (they are relative)", async () => {
    const host = new Hono().route("/v1", app());
    const pageUrl = "http://localhost/v1/apidocs-ui.html";
    const html = await (await host.request(pageUrl)).text();
    const urls = [...html.matchAll(/(?:src|href|data-spec-url)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(urls).toHaveLength(5);
    for (const url of urls) {
      const resolved = new URL(url, pageUrl);
      expect(resolved.pathname).toStartWith("/v1/");
      expect((await host.request(resolved.toString())).status).toBe(200);
    }
  });

  test("a base path of / puts the document at /openapi.json; enabled: false serves nothing", async () => {
    const root = app({ basePath: "/" });
    expect(Object.keys((await fetchDocument(root, "/openapi.json")).paths)).toContain("/authors");
    expect(await (await root.request("/apidocs-ui.html")).text()).toContain('data-spec-url="openapi.json"');
    const off = app({ enabled: false });
    expect((await off.request("/api/openapi.json")).status).toBe(404);
    expect((await off.request("/apidocs-ui.html")).status).toBe(404);
  });
});

describe("configurable info and documented custom routes (issue 15)", () => {
  const Featured = z.object({ ids: z.array(z.int()), since: z.string() }).openapi("FeaturedBooks");
  const featured = createRoute({
    method: "get",
    path: "/featured",
    summary: "Books picked by the editors",
    tags: ["Library"],
    request: { query: z.object({ since: z.iso.date().optional() }) },
    responses: { 200: { description: "The picks", content: { "application/json": { schema: Featured } } } },
  });
  const rate = createRoute({
    method: "post",
    path: "/{id}/rating",
    security: [{ bearerAuth: [] }],
    request: {
      params: z.object({ id: z.coerce.number().int() }),
      body: { required: true, content: { "application/json": { schema: z.object({ stars: z.int().min(1).max(5) }) } } },
    },
    responses: { 204: { description: "Rated" } },
  });
  const reports = new OpenAPIHono().openapi(
    createRoute({ method: "get", path: "/", responses: { 200: { description: "All reports" } } }),
    (c) => c.body(null, 200),
  );
  const documented = () =>
    app({
      openapi: {
        info: { title: "Library API", version: "3.0.0", description: "Books", license: { name: "MIT" } },
        servers: [{ url: "https://books.example.com/v1" }],
      },
      resources: [
        ...resources.filter((r) => r.options.path !== "/books/" && r.options.path !== "notes"),
        defineResource(books, {
          path: "/books/",
          softDelete: true,
          auditable: { version: true },
          extend: (router) => {
            router.openapi(featured, (c) => c.json({ ids: [1], since: c.req.valid("query").since ?? "" }, 200));
            router.openapi(rate, (c) => c.body(null, 204));
            router.get("/plain", (c) => c.text("undocumented"));
          },
        }),
        defineResource(notes, { path: "notes", router: reports }),
      ],
    });

  test("the document stays valid, with info, servers, extend routes and a replacing OpenAPIHono router", async () => {
    const document = await fetchDocument(documented());
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    for (const ref of refs(document)) resolve(document, ref);
    expect(document.info).toEqual({
      title: "Library API",
      version: "3.0.0",
      description: "Books",
      license: { name: "MIT" },
    });
    expect(document.servers).toEqual([{ url: "https://books.example.com/v1" }]);
    expect(document.paths["/api/books/featured"].get).toMatchObject({
      summary: "Books picked by the editors",
      tags: ["Library"],
      parameters: [{ name: "since", in: "query", required: false }],
    });
    expect(document.paths["/api/books/{id}/rating"].post.requestBody.content["application/json"].schema).toEqual({
      type: "object",
      properties: { stars: { type: "integer", minimum: 1, maximum: 5 } },
      required: ["stars"],
    });
    expect(schemaOf(document, "FeaturedBooks").required).toEqual(["ids", "since"]);
    expect(document.paths["/api/books/{id}/rating"].post.parameters[0]).toMatchObject({ name: "id", required: true });
    expect(document.paths["/api/notes"].get.responses["200"].description).toBe("All reports");
    expect(document.paths["/api/books/plain"]).toBeUndefined();
    expect(document.paths["/api/books/{id}"].get.operationId).toBe("getBooks");
  });

  test("documented routes answer, and their validation failures use the library's error body", async () => {
    const server = documented();
    const ok = await server.request("/api/books/featured?since=2026-01-01");
    expect([ok.status, await ok.json()]).toEqual([200, { ids: [1], since: "2026-01-01" }]);
    const bad = await server.request("/api/books/featured?since=yesterday");
    const body = (await bad.json()) as Json;
    expect([bad.status, body.status, body.error, body.message, body.path]).toEqual([
      400,
      400,
      "Bad Request",
      "Validation failed",
      "/api/books/featured",
    ]);
    expect(body.errors).toEqual([expect.objectContaining({ field: "since", rejectedValue: "yesterday" })]);
    const stars = await server.request("/api/books/3/rating", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ stars: 9 }),
    });
    expect(((await stars.json()) as Json).errors[0]).toMatchObject({ field: "stars", rejectedValue: 9 });
  });

  test("strictQuery is stated in the list operation's description", async () => {
    const strict = await fetchDocument(app({ strictQuery: true }));
    expect(strict.paths["/api/authors"].get.description).toContain("Query parameters not listed here answer 400");
    const lenient = await fetchDocument(app());
    expect(lenient.paths["/api/authors"].get.description).not.toContain("not listed here");
  });

  test("a custom component clashing with a generated one is a start-up error", () => {
    const clash = createRoute({
      method: "get",
      path: "/clash",
      responses: {
        200: {
          description: "x",
          content: { "application/json": { schema: z.object({ other: z.string() }).openapi("ErrorResponse") } },
        },
      },
    });
    const start = () =>
      app({
        resources: [
          defineResource(authors, {
            path: "authors",
            extend: (router) => router.openapi(clash, (c) => c.json({ other: "" }, 200)),
          }),
        ],
      });
    expect(start).toThrow(/OpenAPI component schemas.ErrorResponse is defined twice/);
  });

  test("a relation onto a composite key is documented as the target object or its composite id", async () => {
    const placements = sqliteTable(
      "placements",
      { id: integer().primaryKey(), shelfRoom: text("shelf_room"), shelfSlot: integer("shelf_slot").notNull() },
      (t) => [foreignKey({ columns: [t.shelfRoom, t.shelfSlot], foreignColumns: [shelves.room, shelves.slot] })],
    );
    const server = app({
      resources: [
        defineResource(shelves, { path: "shelves" }),
        defineResource(placements, { path: "placements", mapping: "DEFAULT" }),
      ],
    });
    const document = await fetchDocument(server);
    expect((await new Validator().validate(document)).errors ?? []).toEqual([]);
    const shelf = schemaOf(document, "placements").properties.shelf;
    expect(shelf.anyOf).toEqual([
      { anyOf: [{ type: "string" }, { $ref: "#/components/schemas/shelves" }] },
      { type: "null" },
    ]);
    expect(shelf.description).toContain("composite id as in its path");
  });
});
