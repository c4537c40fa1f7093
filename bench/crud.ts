/**
 * scaffold/crud against a hand-written Drizzle + Hono handler doing the same queries, in the same run, on the same
 * database (`npm run bench:crud`, under Bun):
 *   - list: two filters (category EQUALS, price_gte), sort price,desc, page size 20, over 100,000 rows
 *   - list with the many-to-one vendor nested (mapping DEFAULT; the hand-written one batch-loads vendors too)
 *   - get by id
 *   - the GraphQL list (scaffold/crud/graphql: same filters, sort, page size, nested vendor) against scaffold/crud's
 *     own REST list with the vendor nested (target >= 0.7)
 * Databases: SQLite (bun:sqlite) and PGlite always, PostgreSQL when TEST_POSTGRES_URL is set (a fresh database,
 * dropped after). Each scenario runs a fixed number of in-process requests through `app.request()` (the two sides
 * alternate in chunks of 50) and HTTP runs with autocannon (its own Node process, 10 connections; alternating crud,
 * reference, reference, crud, …) against Bun.serve. Prints requests/s, the ratio crud/reference (target >= 0.85
 * against hand) and SQL statements per request, counted with Drizzle's logger. Both sides' answers are compared
 * first, so they provably do the same work.
 * On PostgreSQL it then compares scaffold/crud with Platformatic DB on Node on the same tables (bench/crud-peers.ts).
 * Options: --duration <s> per HTTP run (default 2), --rounds <n> HTTP runs per side (default 4), --requests <n>
 * in-process requests per side (default: per database), --only <sqlite|pglite|postgres>, --connections <n> (wrk, the
 * Platformatic comparison; default 10), --no-peers (no Platformatic comparison).
 */
import { Database } from "bun:sqlite";
import { deepStrictEqual } from "node:assert";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { and, asc, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/bun-sqlite";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { drizzle as postgresDrizzle } from "drizzle-orm/postgres-js";
import { type Context, Hono } from "hono";
import postgres from "postgres";
import { crudGraphql } from "../src/crud/graphql/index.ts";
import { crud } from "../src/crud/index.ts";
import { createPostgresDatabase } from "../test/support/server-databases.ts";
import { comparePeers, type PeerRow, printPeers } from "./crud-peers.ts";
import { graphqlList, itemId, ROWS, restList, rowsOf } from "./crud-queries.ts";
import { crudResources, ddl, pgSchema, type Schema, sqliteSchema } from "./crud-schema.ts";

const root = join(import.meta.dirname, "..");
const VENDORS = 100;
const TARGET = 0.85;
/** The GraphQL list against scaffold/crud's own REST list (issue #15). */
const GRAPHQL_TARGET = 0.7;

// biome-ignore lint/suspicious/noExplicitAny: one code path drives the Drizzle databases of two dialects
type Loose = any;

/** The same 100,000 rows every run (mulberry32 with a fixed seed, not Math.random). */
function* rows(): Generator<Record<string, unknown>> {
  let state = 42;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const start = Date.UTC(2024, 0, 1);
  for (let id = 1; id <= ROWS; id++) {
    yield {
      id,
      name: `item ${id}`,
      category: `cat-${Math.floor(next() * 50)}`,
      price: Math.round(next() * 10_000) / 100,
      stock: Math.floor(next() * 500),
      secret: `secret ${id}`,
      createdAt: new Date(start + Math.floor(next() * 31_536_000_000)),
      vendorId: 1 + Math.floor(next() * VENDORS),
    };
  }
}

async function seed(db: Loose, schema: Schema): Promise<void> {
  await db.insert(schema.vendors).values(Array.from({ length: VENDORS }, (_, i) => ({ id: i + 1, name: `v${i + 1}` })));
  let batch: Record<string, unknown>[] = [];
  for (const row of rows()) {
    batch.push(row);
    if (batch.length === 1000) {
      await db.insert(schema.items).values(batch);
      batch = [];
    }
  }
}

interface Target {
  readonly name: string;
  /** The database for timing, and the same database seen through a Drizzle instance that counts statements. */
  readonly db: unknown;
  readonly counted: unknown;
  readonly statements: { count: number };
  readonly requests: number;
  /** A server database's URL, for the servers of the Platformatic DB comparison (bench/crud-peers.ts). */
  readonly url?: string;
  close(): Promise<void>;
}

function counter() {
  const statements = { count: 0 };
  return { statements, logger: { logQuery: () => void statements.count++ } };
}

async function sqliteTarget(): Promise<Target> {
  const client = new Database(":memory:");
  client.exec(ddl("real", "integer"));
  const db = sqliteDrizzle({ client });
  client.exec("begin");
  await seed(db, sqliteSchema());
  client.exec("commit");
  client.exec("analyze");
  const { statements, logger } = counter();
  return {
    name: "sqlite",
    db,
    counted: sqliteDrizzle({ client, logger }),
    statements,
    requests: 4000,
    close: async () => client.close(),
  };
}

async function pgliteTarget(): Promise<Target> {
  const client = new PGlite();
  await client.exec(ddl("double precision", "timestamptz(3)"));
  const db = pgliteDrizzle({ client });
  await seed(db, pgSchema());
  await client.exec("analyze");
  const { statements, logger } = counter();
  return {
    name: "pglite",
    db,
    counted: pgliteDrizzle({ client, logger }),
    statements,
    requests: 600,
    close: () => client.close(),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const scratch = await createPostgresDatabase(url, "bench_crud");
  const client = postgres(scratch.url, { max: 10, onnotice: () => {} });
  await client.unsafe(ddl("double precision", "timestamptz(3)"));
  const db = postgresDrizzle({ client });
  await seed(db, pgSchema());
  await client.unsafe("analyze");
  const { statements, logger } = counter();
  return {
    name: "postgres",
    db,
    counted: postgresDrizzle({ client, logger }),
    statements,
    requests: 600,
    url: scratch.url,
    async close() {
      await client.end();
      await scratch.drop();
    },
  };
}

function crudApp(db: unknown, schema: Schema): Hono {
  const resources = crudResources(schema);
  const app = crud({ db, resources });
  app.route("/", crudGraphql({ db, resources, graphiql: false }).app);
  return app;
}

/** What a developer would write by hand for the same endpoints: the same queries, the same JSON. */
function handApp(db: Loose, schema: Schema): Hono {
  const { items, vendors } = schema;
  const { secret: _hidden, ...columns } = items;
  const output = {
    id: columns.id,
    name: columns.name,
    category: columns.category,
    price: columns.price,
    stock: columns.stock,
    createdAt: columns.createdAt,
    vendorId: columns.vendorId,
  };
  const app = new Hono();
  const page = async (c: Context, nested: boolean) => {
    const number = Number(c.req.query("page") ?? 0);
    const size = Number(c.req.query("size") ?? 20);
    const where = and(
      eq(items.category, c.req.query("category") ?? ""),
      gte(items.price, Number(c.req.query("price_gte"))),
    );
    // The page counts the matching rows in the same statement (a scalar subquery), as scaffold/crud's list does.
    const matching = db.select({ total: count() }).from(items).where(where);
    const rows: Record<string, unknown>[] = await db
      .select({ ...output, total: sql`${matching}`.mapWith(Number) })
      .from(items)
      .where(where)
      .orderBy(desc(items.price), asc(items.id))
      .limit(size)
      .offset(number * size);
    // Every measured page has rows; an empty one would need its own COUNT.
    const total = Number(rows[0]?.total ?? 0);
    const found = rows.map(({ total: _, ...row }) => row);
    let content = found;
    if (nested) {
      const ids = [...new Set(found.map((row) => row.vendorId as number))];
      const loaded: { id: number }[] = ids.length
        ? await db.select().from(vendors).where(inArray(vendors.id, ids))
        : [];
      const byId = new Map(loaded.map((vendor) => [vendor.id, vendor]));
      content = found.map((row) => ({ ...row, vendor: byId.get(row.vendorId as number) ?? row.vendorId }));
    } else {
      // Many-to-one relations are output as the related id by default, as crud does.
      content = found.map((row) => ({ ...row, vendor: row.vendorId }));
    }
    const totalPages = Math.ceil(Number(total) / size);
    const sort = { sorted: true, unsorted: false, empty: false };
    const body = {
      content,
      pageable: { pageNumber: number, pageSize: size, sort, offset: number * size, paged: true, unpaged: false },
      totalPages,
      totalElements: Number(total),
      last: number + 1 >= totalPages,
      first: number === 0,
      empty: content.length === 0,
      size,
      number,
      numberOfElements: content.length,
      sort,
    };
    return c.json(body, 200, { "X-Total-Count": String(total) });
  };
  app.get("/hand/items", (c) => page(c, false));
  app.get("/hand/items-nested", (c) => page(c, true));
  app.get("/hand/items/:id", async (c) => {
    const [row] = await db
      .select(output)
      .from(items)
      .where(eq(items.id, Number(c.req.param("id"))))
      .limit(1);
    return row ? c.json({ ...row, vendor: row.vendorId }) : c.json({ message: "not found" }, 404);
  });
  return app;
}

function bothApps(db: unknown, schema: Schema): Hono {
  const app = new Hono();
  app.route("/", crudApp(db, schema));
  app.route("/", handApp(db, schema));
  return app;
}

/** One request: a GET path, or a POST of a JSON body (GraphQL). */
interface Call {
  readonly path: string;
  readonly body?: string;
}

/**
 * What is measured (`crud`) against what (`reference`: the hand-written handler, or for the GraphQL list scaffold/crud's
 * own REST list with the vendor nested), and the least ratio crud / reference asked for.
 */
interface Scenario {
  readonly name: string;
  /** The i-th request of each side. */
  readonly crud: (i: number) => Call;
  readonly reference: (i: number) => Call;
  readonly referenceName: string;
  readonly target: number;
  /** Both sides answer the same JSON ("json") or the same rows in different envelopes ("rows"). */
  readonly same: "json" | "rows";
}

const hand = (path: (i: number) => string) => ({
  crud: (i: number) => ({ path: `/api${path(i)}` }),
  reference: (i: number) => ({ path: `/hand${path(i)}` }),
  referenceName: "hand",
  target: TARGET,
  same: "json" as const,
});
const scenarios: Scenario[] = [
  { name: "list: 2 filters, sort, size 20", ...hand((i) => restList("items", i % 5)) },
  { name: "list + nested vendor", ...hand((i) => restList("items-nested", i % 5)) },
  { name: "get by id", ...hand((i) => `/items/${itemId(i)}`) },
  {
    name: "GraphQL list + nested vendor",
    crud: (i) => ({ path: "/graphql", body: graphqlList(i % 5) }),
    reference: (i) => ({ path: `/api${restList("items-nested", i % 5)}` }),
    referenceName: "crud REST",
    target: GRAPHQL_TARGET,
    same: "rows",
  },
];

async function fetchText(app: Hono, { path, body }: Call): Promise<string> {
  const init = body ? { method: "POST", body, headers: { "content-type": "application/json" } } : undefined;
  const response = await app.request(path, init);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text;
}

type Side = "crud" | "reference";
type Pair = Record<Side, number>;

/**
 * Requests per second of `n` sequential in-process requests to each side, run in alternating chunks of 50 so
 * both see the same machine load (other processes' load on a shared machine varies from second to second).
 */
async function inProcess(app: Hono, scenario: Scenario, n: number): Promise<Pair> {
  const spent = { crud: 0, reference: 0 };
  const chunk = 50;
  for (let done = 0; done < n; done += chunk) {
    const order: Side[] = (done / chunk) % 2 === 0 ? ["crud", "reference"] : ["reference", "crud"];
    for (const side of order) {
      const started = performance.now();
      for (let i = done; i < done + chunk; i++) await fetchText(app, scenario[side](i));
      spent[side] += performance.now() - started;
    }
  }
  const total = Math.ceil(n / chunk) * chunk;
  return { crud: total / (spent.crud / 1000), reference: total / (spent.reference / 1000) };
}

/** Average requests per second from autocannon in its own Node process (so it does not share the server's loop). */
async function autocannon(base: string, { path, body }: Call, seconds: number): Promise<number> {
  const script = join(root, "node_modules/autocannon/autocannon.js");
  const command = [join(root, "node_modules/.bin/node"), script, "-c", "10", "-d", String(seconds), "-j"];
  if (body) command.push("-m", "POST", "-H", "content-type=application/json", "-b", body);
  const child = Bun.spawn([...command, base + path], { stdout: "pipe", stderr: "ignore" });
  const result = JSON.parse(await new Response(child.stdout).text());
  await child.exited;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`autocannon ${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  return result.requests.average;
}

/** HTTP runs alternating crud, reference, reference, crud, … (`rounds` each); the mean of each side's runs. */
async function overHttp(base: string, scenario: Scenario, seconds: number, rounds: number): Promise<Pair> {
  const runs = { crud: [] as number[], reference: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (["crud", "reference"] as const) : (["reference", "crud"] as const)) {
      runs[side].push(await autocannon(base, scenario[side](1), seconds));
    }
  }
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return { crud: mean(runs.crud), reference: mean(runs.reference) };
}

interface Row extends Pair {
  dialect: string;
  scenario: Scenario;
  mode: string;
  sql: string;
}

/** Both sides of a scenario answer the same (pages 0 and 3; two ids), so they provably do the same work. */
async function expectSame(app: Hono, scenario: Scenario): Promise<void> {
  for (const i of [0, 3]) {
    const [crud, reference] = [
      JSON.parse(await fetchText(app, scenario.crud(i))),
      JSON.parse(await fetchText(app, scenario.reference(i))),
    ];
    if (scenario.same === "json") deepStrictEqual(crud, reference);
    else deepStrictEqual(rowsOf(crud), rowsOf(reference));
  }
}

async function measure(
  target: Target,
  options: { requests?: number; duration: number; rounds: number },
): Promise<Row[]> {
  const schema = target.name === "sqlite" ? sqliteSchema() : pgSchema();
  const app = bothApps(target.db, schema);
  const counted = bothApps(target.counted, schema);
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: app.fetch });
  const results: Row[] = [];
  try {
    for (const scenario of scenarios) {
      await expectSame(app, scenario);
      const statements = async (side: Side) => {
        target.statements.count = 0;
        await fetchText(counted, scenario[side](1));
        return target.statements.count;
      };
      const sql = `${await statements("crud")} / ${await statements("reference")}`;
      const n = options.requests ?? target.requests;
      await inProcess(app, scenario, Math.ceil(n / 4)); // warm-up
      const row = { dialect: target.name, scenario, sql };
      results.push({ ...row, mode: "in-process", ...(await inProcess(app, scenario, n)) });
      const http = await overHttp(`http://127.0.0.1:${server.port}`, scenario, options.duration, options.rounds);
      results.push({ ...row, mode: "http", ...http });
      console.log(`  ${target.name}: ${scenario.name} done`);
    }
  } finally {
    server.stop(true);
  }
  return results;
}

function print(rows: Row[]): void {
  const header = ["database", "scenario", "mode", "crud req/s", "compared with", "its req/s", "ratio", "SQL/request"];
  const lines = rows.map((r) => {
    const ratio = r.crud / r.reference;
    return [
      r.dialect,
      r.scenario.name,
      r.mode,
      r.crud.toFixed(0),
      r.scenario.referenceName,
      r.reference.toFixed(0),
      `${ratio.toFixed(3)}${ratio >= r.scenario.target ? "" : ` (below target ${r.scenario.target})`}`,
      r.sql,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  "));
}

/** The Platformatic comparison; when it fails, the error is printed and the exit code set, the other rows still print. */
async function peerRows(url: string, options: Parameters<typeof comparePeers>[1]): Promise<PeerRow[]> {
  try {
    return await comparePeers(url, options);
  } catch (error) {
    console.error(`The comparison with Platformatic DB failed: ${(error as Error).stack ?? error}`);
    process.exitCode = 1;
    return [];
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "2" },
      rounds: { type: "string", default: "4" },
      requests: { type: "string" },
      only: { type: "string" },
      connections: { type: "string", default: "10" },
      peers: { type: "boolean", default: true },
    },
    allowNegative: true,
  });
  const options = {
    duration: Number(values.duration),
    rounds: Number(values.rounds),
    requests: values.requests ? Number(values.requests) : undefined,
  };
  const peerOptions = {
    seconds: options.duration,
    rounds: options.rounds,
    connections: Number(values.connections),
  };
  const openers: [string, () => Promise<Target>][] = [
    ["sqlite", sqliteTarget],
    ["pglite", pgliteTarget],
  ];
  const postgresUrl = process.env.TEST_POSTGRES_URL;
  if (postgresUrl) openers.push(["postgres", () => postgresTarget(postgresUrl)]);
  else console.log("TEST_POSTGRES_URL is not set: PostgreSQL and the Platformatic DB comparison are skipped");
  const rows: Row[] = [];
  let peers: PeerRow[] = [];
  for (const [name, open] of openers) {
    if (values.only && values.only !== name) continue;
    console.log(`${name}: seeding ${ROWS} rows`);
    const target = await open();
    try {
      rows.push(...(await measure(target, options)));
      if (target.url && values.peers) peers = await peerRows(target.url, peerOptions);
    } finally {
      await target.close();
    }
  }
  console.log(
    `\nBun ${Bun.version}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}; target ratio >= ${TARGET} against hand, >= ${GRAPHQL_TARGET} for GraphQL against crud REST`,
  );
  print(rows);
  if (peers.length > 0) printPeers(peers, peerOptions);
}

await main();
