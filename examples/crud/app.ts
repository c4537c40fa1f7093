/**
 * The example app: token route, JWT verification, and every resource from crud() as REST (`/api`) and GraphQL
 * (`/graphql`, GraphiQL at `/graphiql`, the SDL at `/schema.graphql`). No socket: tests call `app.request`.
 */
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { Hono } from "hono";
import { crudGraphql } from "../../src/crud/graphql/index.ts";
import { crud } from "../../src/crud/index.ts";
import { currentUser, optionalJwt, tokenRoutes } from "./auth.ts";
import { resources } from "./resources.ts";

export function createApp(db: PgliteDatabase, secret: string): Hono {
  const app = new Hono();
  app.get("/", (c) => c.redirect("/apidocs-ui.html"));
  app.route("/", tokenRoutes(secret));
  app.use("/api/*", optionalJwt(secret));
  app.route("/", crud({ db, resources, auth: currentUser }));
  const graphql = crudGraphql({ db, resources, auth: currentUser });
  app.use("/graphql", optionalJwt(secret));
  app.route("/", graphql.app);
  app.get("/schema.graphql", (c) => c.text(graphql.sdl));
  return app;
}
