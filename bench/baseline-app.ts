/**
 * The fair baselines of bench/service.ts: a hand-written Hono app doing the work of the generated `full` service's
 * user routes and nothing else. It checks the same HS256 access token with hono/jwt and an HMAC key imported once,
 * runs the same SELECT by primary key (and the same page of the list) through a Drizzle prepared statement over the
 * same driver, and answers the same envelope.
 *
 * Bare (the default): no logging, no validation library, no security headers, no principal look-up.
 *
 * With BASELINE_BUILTINS=1, the same handlers behind what a production Hono service written by hand carries and what
 * issue #30 makes mandatory, imported from the generated project itself: hono/request-id, its pino request line
 * (with its production logger), hono/secure-headers with its options, `Cache-Control: no-store` and its body limit.
 * Against this one, the ratio measures the generated architecture's own cost: its layers, zod validation, the
 * principal look-up, the envelope helpers.
 *
 * The source is written into the generated project (so it resolves that project's packages and middleware) as plain
 * JavaScript; Node.js (type stripping), Bun and Deno run it and the TypeScript it imports as they are.
 */

export type BaselineDatabase = "sqlite" | "postgres" | "mysql";

export const BASELINE_FILE = "bench-baseline.mjs";

/** Per database: imports, the users table as the template declares it, the Drizzle database, how to prepare. */
const DIALECT: Record<BaselineDatabase, string> = {
  // node:sqlite through sqlite-proxy as in the template, plus a statement cache: node:sqlite's `prepare` is expensive.
  sqlite: `import { DatabaseSync } from "node:sqlite";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
});
const url = process.env.DATABASE_URL;
const sqlite = new DatabaseSync(url.startsWith("file:") ? url.slice(5) : url);
sqlite.exec("PRAGMA busy_timeout = 5000;");
const statements = new Map();
const db = drizzle(async (query, params, method) => {
  let statement = statements.get(query);
  if (!statement) {
    statement = sqlite.prepare(query);
    statement.setReturnArrays(true);
    statements.set(query, statement);
  }
  const rows = statement.all(...params);
  return { rows: method === "get" ? (rows[0] ?? []) : rows };
});
const prepare = (name, query) => query.prepare();
`,
  postgres: `import postgres from "postgres";
import { drizzle } from "drizzle-orm/postgres-js";
import { integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
const stamp = (name) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
const users = pgTable("users", {
  id: integer("id").primaryKey(),
  email: varchar("email", { length: 255 }).notNull(),
  createdAt: stamp("created_at").notNull(),
  updatedAt: stamp("updated_at").notNull(),
  deletedAt: stamp("deleted_at"),
});
const db = drizzle({ client: postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} }) });
const prepare = (name, query) => query.prepare(name);
`,
  mysql: `import mysql from "mysql2";
import { drizzle } from "drizzle-orm/mysql2";
import { datetime, int, mysqlTable, varchar } from "drizzle-orm/mysql-core";
const stamp = (name) => datetime(name, { mode: "date", fsp: 3 });
const users = mysqlTable("users", {
  id: int("id").primaryKey(),
  email: varchar("email", { length: 255 }).notNull(),
  createdAt: stamp("created_at").notNull(),
  updatedAt: stamp("updated_at").notNull(),
  deletedAt: stamp("deleted_at"),
});
const db = drizzle(mysql.createPool({ uri: process.env.DATABASE_URL, connectionLimit: 10 }), { mode: "default" });
const prepare = (name, query) => query.prepare();
`,
};

const COMMON = `import { Hono } from "hono";
import { verify } from "hono/jwt";
import { and, asc, eq, isNull, sql } from "drizzle-orm";

const key = await crypto.subtle.importKey(
  "raw",
  new TextEncoder().encode(process.env.JWT_SECRET),
  { name: "HMAC", hash: "SHA-256" },
  false,
  ["verify"],
);
const columns = { id: users.id, email: users.email, createdAt: users.createdAt, updatedAt: users.updatedAt };
const live = isNull(users.deletedAt);
const byId = prepare(
  "baseline_user_by_id",
  db.select(columns).from(users).where(and(eq(users.id, sql.placeholder("id")), live)).limit(1),
);
const page = prepare(
  "baseline_users_page",
  db.select(columns).from(users).where(live).orderBy(asc(users.id)).limit(sql.placeholder("limit")).offset(sql.placeholder("offset")),
);

const error = (code, message) => ({ status: "error", error: { code, message } });
const toBody = (user) => ({
  id: user.id,
  email: user.email,
  created_at: user.createdAt.toISOString(),
  updated_at: user.updatedAt.toISOString(),
});
/** The user id of a valid access token, else undefined. */
async function caller(c) {
  const header = c.req.header("authorization");
  if (!header?.startsWith("Bearer ")) return undefined;
  try {
    const payload = await verify(header.slice(7), key, "HS256");
    return payload.typ === "access" ? Number(payload.sub) : undefined;
  } catch {
    return undefined;
  }
}
const unauthorized = (c) => c.json(error("UNAUTHORIZED", "A valid access token is required"), 401);

/**
 * BASELINE_BUILTINS=1: the generated project's own middleware (src/platform/http/middleware/, its production logger
 * from src/platform/logger.ts), in src/app.ts's order: for every answer the request id and one request line; for
 * every answer but the probe's, the security headers, Cache-Control and the body limit. Imported rather than copied,
 * so the baseline cannot drift from what the service runs.
 */
async function productionBuiltins() {
  const [{ requestId }, { readFile }, { createLogger }, { defaultBodyLimitBytes }, middleware] = await Promise.all([
    import("hono/request-id"),
    import("node:fs/promises"),
    import("./src/platform/logger.ts"),
    import("./src/platform/config.ts"),
    Promise.all([
      import("./src/platform/http/middleware/request-logger.ts"),
      import("./src/platform/http/middleware/security-headers.ts"),
      import("./src/platform/http/middleware/body-limit.ts"),
    ]),
  ]);
  const [{ requestLogger }, { securityHeaders }, { bodyLimit }] = middleware;
  const { name } = JSON.parse(await readFile(new URL("package.json", import.meta.url), "utf8"));
  const logger = createLogger({ appEnv: "production", service: name });
  return {
    everyAnswer: [requestId(), requestLogger(logger)],
    api: [...securityHeaders(), bodyLimit(defaultBodyLimitBytes)],
  };
}

const app = new Hono();
const builtins = process.env.BASELINE_BUILTINS === "1" ? await productionBuiltins() : undefined;
if (builtins) app.use(...builtins.everyAnswer);
app.get("/health", (c) => c.json({ status: "ok" }));
if (builtins) app.use(...builtins.api);
app.get("/api/v1/users/:id", async (c) => {
  if ((await caller(c)) === undefined) return unauthorized(c);
  const id = Number(c.req.param("id"));
  const [user] = await byId.execute({ id });
  return user ? c.json({ status: "success", data: toBody(user) }) : c.json(error("NOT_FOUND", \`User \${id} not found\`), 404);
});
app.get("/api/v1/users", async (c) => {
  if ((await caller(c)) === undefined) return unauthorized(c);
  const rows = await page.execute({ limit: Number(c.req.query("limit") ?? 50), offset: Number(c.req.query("offset") ?? 0) });
  return c.json({ status: "success", data: rows.map(toBody) });
});

const port = Number(process.env.PORT);
if (globalThis.Bun) Bun.serve({ port, hostname: "127.0.0.1", fetch: app.fetch });
else if (globalThis.Deno) Deno.serve({ port, hostname: "127.0.0.1", onListen() {} }, app.fetch);
else (await import("@hono/node-server")).serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
`;

/** The baselines' source for one database (both: BASELINE_BUILTINS chooses when it starts). */
export function baselineApp(database: BaselineDatabase): string {
  return `${DIALECT[database]}${COMMON}`;
}
