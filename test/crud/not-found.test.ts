/** Unknown paths: the JSON 404 under the base path, and where it stops (no base path, disabled crud, host routes). */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { crud, defineResource } from "../../src/crud/index.ts";

const items = sqliteTable("items", { id: integer().primaryKey(), name: text() });
const app = (options: Partial<Parameters<typeof crud>[0]> = {}) =>
  crud({ db: drizzle(new Database(":memory:")), resources: [defineResource(items, { path: "items" })], ...options });

async function status(server: Hono, path: string): Promise<[number, string | null]> {
  const response = await server.request(path);
  return [response.status, response.headers.get("content-type")];
}

test("the base path itself and anything under it that no route serves", async () => {
  const server = app();
  for (const path of ["/api", "/api/", "/api/nope", "/api/items/1/2/3"]) {
    expect([path, ...(await status(server, path))]).toEqual([path, 404, "application/json"]);
  }
  const body = (await (await server.request("/api/nope")).json()) as Record<string, unknown>;
  expect(body).toMatchObject({
    status: 404,
    error: "Not Found",
    message: "No resource at /api/nope",
    path: "/api/nope",
  });
  expect(await status(server, "/api/openapi.json")).toEqual([200, "application/json"]);
});

test("without a base path only the resource paths are claimed; the host keeps its own 404 elsewhere", async () => {
  const host = new Hono().route("/", app({ basePath: "/" }));
  host.notFound((c) => c.text("host 404", 404));
  expect(await status(host, "/items/1/nope")).toEqual([404, "application/json"]);
  const elsewhere = await host.request("/nope");
  expect([elsewhere.status, await elsewhere.text()]).toEqual([404, "host 404"]);
});

test("a host route answering 404 itself keeps its answer; enabled: false claims nothing", async () => {
  const host = new Hono().route("/", app());
  host.get("/api/custom", (c) => c.text("gone", 404));
  const custom = await host.request("/api/custom");
  expect([custom.status, await custom.text()]).toEqual([404, "gone"]);
  expect(await status(app({ enabled: false }), "/api/nope")).toEqual([404, "text/plain; charset=UTF-8"]);
});
