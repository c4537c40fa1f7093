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

/** What the document says about the API as a whole: linters (Redocly, Spectral) expect a description, license and contact. */
const openapi = {
  info: {
    title: "Library API",
    version: "1.0.0",
    description:
      "Books, authors, genres and reviews. Reading is public; writing needs a token from `POST /auth/token`.",
    license: { name: "MIT", identifier: "MIT" },
    contact: { name: "scaffold", url: "https://github.com/scaffold-dev/scaffold" },
  },
};

export function createApp(db: PgliteDatabase, secret: string): Hono {
  const app = new Hono();
  app.get("/", (c) => c.redirect("/apidocs-ui.html"));
  app.route("/", tokenRoutes(secret));
  app.use("/api/*", optionalJwt(secret));
  app.route("/", crud({ db, resources, auth: currentUser, openapi }));
  const graphql = crudGraphql({ db, resources, auth: currentUser });
  app.use("/graphql", optionalJwt(secret));
  app.route("/", graphql.app);
  app.get("/schema.graphql", (c) => c.text(graphql.sdl));
  return app;
}
