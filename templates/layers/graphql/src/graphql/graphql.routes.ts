import type { Context } from "hono";
import { createRouter } from "../platform/http/router.ts";
import type { UserResolverDependencies } from "../users/users.resolvers.ts";
import { graphiqlPage } from "./graphiql.ts";
import { GRAPHQL_ENDPOINT, type GraphqlSettings, graphqlServer } from "./graphql-server.ts";
import { graphqlErrorAnswer } from "./transport-errors.ts";

/**
 * A POST must carry JSON (`application/json`, or `application/graphql+json`): yoga also reads form bodies, which a
 * browser sends cross-site without asking first, so another site's page could run a mutation from the user's network.
 */
const JSON_TYPE = /^application\/(?:graphql\+)?json\s*(?:;|$)/i;

/** yoga's answer as the context's own, so the headers middleware set before the handler (X-Request-Id) reach it. */
const answerWith = async (c: Context, answer: Response | Promise<Response>) => {
  const res = await answer;
  return c.newResponse(res.body, res);
};

/** `POST /graphql` (and `GET /graphql` for queries), and GraphiQL at `GET /` when introspection is on. */
export function graphqlRoutes(dependencies: UserResolverDependencies, settings: GraphqlSettings) {
  const yoga = graphqlServer(dependencies, settings);
  const router = createRouter();
  router.get(GRAPHQL_ENDPOINT, (c) => answerWith(c, yoga.fetch(c.req.raw)));
  router.post(GRAPHQL_ENDPOINT, async (c) => {
    if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
      return graphqlErrorAnswer(c, 415, "UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
    }
    return answerWith(c, yoga.fetch(c.req.raw));
  });
  if (settings.introspection) router.get("/", graphiqlPage({ endpoint: GRAPHQL_ENDPOINT, title: settings.title }));
  return router;
}
