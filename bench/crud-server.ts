/**
 * scaffold/crud (REST and GraphQL) over HTTP on Node, for bench/crud.ts's comparison with Platformatic DB:
 *   DATABASE_URL=postgres://… PORT=… node bench/crud-server.ts
 * REST under /api (bench/crud-schema.ts's resources), GraphQL at /graphql, GET /health for the launcher. One
 * process, the postgres-js driver with a pool of 10 (Platformatic's default pool size).
 */
import { serve } from "@hono/node-server";
import { drizzle } from "drizzle-orm/postgres-js";
import { Hono } from "hono";
import postgres from "postgres";
import { crudGraphql } from "../src/crud/graphql/index.ts";
import { crud } from "../src/crud/index.ts";
import { crudResources, pgSchema } from "./crud-schema.ts";

const client = postgres(process.env.DATABASE_URL as string, { max: 10, onnotice: () => {} });
const db = drizzle({ client });
const resources = crudResources(pgSchema());
const app = new Hono();
app.get("/health", (c) => c.json({ status: "ok" }));
app.route("/", crud({ db, resources }));
app.route("/", crudGraphql({ db, resources, graphiql: false }).app);
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
