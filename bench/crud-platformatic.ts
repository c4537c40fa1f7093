/**
 * Platformatic DB's REST and GraphQL layers on the tables of bench/crud.ts, over HTTP on Node, as their docs
 * assemble them: Fastify with @platformatic/sql-mapper, @platformatic/sql-openapi and @platformatic/sql-graphql.
 *   DATABASE_URL=postgres://… PORT=… node bench/crud-platformatic.ts
 * REST: GET /items?where.…&orderby.…&limit=&offset=&totalCount=true, GET /items/:id; GraphQL at /graphql;
 * GET /health for the launcher. `secret` is ignored, as scaffold/crud hides it. No logger (scaffold/crud logs none).
 */
import sqlGraphql, { type SQLGraphQLPluginOptions } from "@platformatic/sql-graphql";
import { plugin as sqlMapper } from "@platformatic/sql-mapper";
import sqlOpenapi from "@platformatic/sql-openapi";
import fastify from "fastify";

const ignore = { item: { secret: true } };
const app = fastify({ logger: false });
await app.register(sqlMapper, { connectionString: process.env.DATABASE_URL as string });
await app.register(sqlOpenapi, { ignore });
// `ignore` is read by sql-graphql (as in Platformatic DB's `graphql.ignore` setting) but missing from its types.
await app.register(sqlGraphql, { ignore } as SQLGraphQLPluginOptions);
app.get("/health", async () => ({ status: "ok" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
