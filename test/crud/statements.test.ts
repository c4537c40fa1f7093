/**
 * Prepared statements per query shape (src/crud/statements.ts): built once per shape, bounded per database and
 * resource, and through the REST API: many list shapes stay correct past the bound, with a statement per request.
 */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { crud, defineResource } from "../../src/crud/index.ts";
import { prepared, shapesPerResource } from "../../src/crud/statements.ts";

/** A stand-in query builder that counts how often it is built and prepared. */
function counting() {
  const built: string[] = [];
  const build = (shape: string) => () => {
    built.push(shape);
    return { prepare: (name: string) => ({ name, execute: async () => shape }) };
  };
  return { built, build };
}

test("one statement per shape, database and resource; unique names", async () => {
  const { built, build } = counting();
  const [db, other, resource] = [{}, {}, {}];
  const first = prepared(db, resource, "a", build("a"));
  expect(prepared(db, resource, "a", build("a"))).toBe(first);
  const b = prepared(db, resource, "b", build("b"));
  expect(prepared(other, resource, "a", build("a"))).not.toBe(first);
  expect(prepared(db, {}, "a", build("a"))).not.toBe(first);
  expect(built).toEqual(["a", "b", "a", "a"]);
  expect((first as unknown as { name: string }).name).not.toBe((b as unknown as { name: string }).name);
  expect(await first.execute({})).toBe("a");
});

test(`at most ${shapesPerResource} shapes per resource: the least recently used is built again`, () => {
  const { built, build } = counting();
  const [db, resource] = [{}, {}];
  for (let i = 0; i < shapesPerResource; i++) prepared(db, resource, `s${i}`, build(`s${i}`));
  prepared(db, resource, "s0", build("s0")); // used again: s1 is now the oldest
  prepared(db, resource, "new", build("new")); // drops s1
  built.length = 0;
  prepared(db, resource, "s0", build("s0"));
  prepared(db, resource, "s2", build("s2"));
  expect(built).toEqual([]);
  prepared(db, resource, "s1", build("s1"));
  expect(built).toEqual(["s1"]);
});

test("list shapes past the bound answer correctly, one statement each (SQLite)", async () => {
  const items = sqliteTable("items", { id: integer().primaryKey(), name: text().notNull(), rank: integer().notNull() });
  const client = new Database(":memory:");
  client.exec("create table items (id integer primary key, name text not null, rank integer not null)");
  for (let i = 1; i <= 30; i++) client.exec(`insert into items values (${i}, 'item ${i}', ${i % 7})`);
  let statements = 0;
  const db = drizzle({ client, logger: { logQuery: () => void statements++ } });
  const fields = { rank: { filterable: ["IN", "GREATER_THAN"] } } as const;
  const app = crud({ db, resources: [defineResource(items, { path: "items", fields })] });
  // `rank_in` lists of 1…100 values: 100 shapes, more than the bound.
  for (let n = 1; n <= 100; n++) {
    const values = Array.from({ length: n }, (_, i) => i % 7);
    statements = 0;
    const response = await app.request(`/api/items?rank_in=${values.join(",")}&rank_gt=2&size=50`);
    const body = (await response.json()) as { content: { rank: number }[]; totalElements: number };
    const wanted = new Set(values.filter((v) => v > 2));
    const expected = Array.from({ length: 30 }, (_, i) => i + 1).filter((id) => wanted.has(id % 7));
    expect(body.content.map((row) => row.rank % 7)).toEqual(expected.map((id) => id % 7));
    expect(body.totalElements).toBe(expected.length);
    expect(statements).toBe(1); // the page shows the total: no COUNT
  }
  const one = await app.request("/api/items/7");
  expect(((await one.json()) as { name: string }).name).toBe("item 7");
  expect((await app.request("/api/items/31")).status).toBe(404);
});
