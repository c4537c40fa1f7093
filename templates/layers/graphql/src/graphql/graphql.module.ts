import { z } from "zod";
import { defineModule } from "../platform/module.ts";
import type { UserResolverDependencies } from "../users/users.resolvers.ts";
import { graphqlRoutes } from "./graphql.routes.ts";
import { GRAPHQL_ENDPOINT, type GraphqlSettings } from "./graphql-server.ts";
import { graphqlTransportErrors } from "./transport-errors.ts";

/** `true` or `false`, as an environment variable spells it. */
const flag = z.enum(["true", "false"]).transform((value) => value === "true");

/**
 * The GraphQL API of the users (the service comes from `usersModule`) and of the models `scaffold add-model` adds:
 * `/graphql`, and GraphiQL at `/`.
 */
export const graphqlModule = defineModule({
  config: {
    shape: {
      /** Introspection and GraphiQL; unset: on only with APP_ENV=development. */
      GRAPHQL_INTROSPECTION: flag.optional(),
    },
  },
  provide: ({ config, logger }): { graphqlSettings: GraphqlSettings } => ({
    graphqlSettings: {
      introspection: config.GRAPHQL_INTROSPECTION ?? config.APP_ENV === "development",
      development: config.APP_ENV === "development",
      logger,
      title: config.SERVICE_NAME,
    },
  }),
  // In front of the body limit and the 404/405 handler, so their answers at /graphql are GraphQL errors too.
  middleware: () => [graphqlTransportErrors(GRAPHQL_ENDPOINT)],
  routes: ({ graphqlSettings, ...services }: UserResolverDependencies & { graphqlSettings: GraphqlSettings }) => [
    { path: "/", router: graphqlRoutes(services, graphqlSettings) },
  ],
});
