/**
 * Counts the SQL statements one request costs in a generated project, on its real database: a script written into
 * the project registers a wrapper through the project's own `wrapDatabaseClients` hook (every driver's client:
 * SQLite's callback, postgres.js's `unsafe`, PGlite's `query`/`exec`, mysql2's `query`/`execute`), builds the app from
 * the project's modules over the database, creates one category with 20 products, then measures one list with the
 * parent of every item.
 */
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { expectSuccess, projectEnv, repoBin, runCommand } from "../../support/generated-project.ts";

const PROBE = `import { pino } from "pino";
import { createApp } from "./src/app.ts";
import { wrapDatabaseClients } from "./src/platform/database/database-client.ts";
import { openDatabase } from "./src/platform/database/database.ts";
import { modules } from "./src/modules.ts";
import { createContainer, loadConfig } from "./src/platform/module.ts";

let statements = 0;
const RUNS = new Set(["unsafe", "query", "execute", "exec"]);
const counting = (client) =>
  new Proxy(client, {
    apply(target, self, args) {
      statements++;
      return Reflect.apply(target, self, args);
    },
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (RUNS.has(key)) return (...args) => (statements++, value.apply(target, args));
      if (key === "promise") return (...args) => counting(value.apply(target, args));
      return value.bind(target);
    },
  });
wrapDatabaseClients(counting);

const [api, template] = process.argv.slice(2);
const database = await openDatabase(process.env.DATABASE_URL);
await database.migrate();
const config = loadConfig(modules, process.env);
const logger = pino({ level: "silent" });
const container = createContainer(modules, { config, db: database.db, logger });
const app = createApp({ container, logger, service: "probe", exposeErrors: true, pingDatabase: database.ping });
let token;
const call = async (method, path, body) => {
  const headers = { "content-type": "application/json", ...(token && { authorization: "Bearer " + token }) };
  const response = await app.request(path, { method, headers, body: body && JSON.stringify(body) });
  return response.json();
};
const graphql = async (query, variables) => (await call("POST", "/graphql", { query, variables })).data;
const measured = async (run) => {
  const before = statements;
  const items = await run();
  return { statements: statements - before, items: items.length, withParent: items.filter((i) => i.category?.id).length };
};
let result;
if (api === "graphql") {
  const category = (await graphql("mutation { createCategory(input: { name: \\"Probe\\" }) { id } }")).createCategory;
  for (let n = 1; n <= 20; n++) {
    const input = { title: "Probe " + n, categoryId: category.id };
    await graphql("mutation ($input: ProductInput!) { createProduct(input: $input) { id } }", { input });
  }
  result = await measured(async () => (await graphql("{ products(limit: 100) { id category { id name } } }")).products);
} else {
  if (template === "full") {
    const registered = await call("POST", "/api/v1/auth/register", { email: "probe@example.com", password: "probe-password" });
    token = registered.data.access_token;
  }
  const category = (await call("POST", "/api/v1/categories", { name: "Probe" })).data;
  for (let n = 1; n <= 20; n++) await call("POST", "/api/v1/categories/" + category.id + "/products", { title: "Probe " + n });
  result = await measured(async () => (await call("GET", "/api/v1/products?limit=100&include=category")).data);
}
console.log(JSON.stringify(result));
await database.close();
`;

export interface ProbeResult {
  statements: number;
  items: number;
  withParent: number;
}

/** Runs the probe in the project (on Bun) against `databaseUrl`: what listing the products with their category cost. */
export async function countListStatements(
  dir: string,
  template: TemplateName,
  env: Record<string, string>,
): Promise<ProbeResult> {
  const script = join(dir, "statement-probe.ts");
  await writeFile(script, PROBE);
  try {
    const api = template === "graphql" ? "graphql" : "rest";
    const result = await runCommand(join(repoBin, "bun"), [script, api, template], {
      cwd: dir,
      env: projectEnv(env),
      timeoutMs: 120_000,
    });
    expectSuccess("statement probe", result);
    const line = result.output.split("\n").findLast((text) => text.startsWith("{"));
    return JSON.parse(line ?? "{}") as ProbeResult;
  } finally {
    await rm(script, { force: true });
  }
}
