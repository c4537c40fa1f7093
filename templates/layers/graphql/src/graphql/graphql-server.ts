import { readFileSync } from "node:fs";
import { createSchema, createYoga } from "graphql-yoga";
import type { Logger } from "../platform/logger.ts";
import { type UserResolverDependencies, userResolvers } from "../users/users.resolvers.ts";
import { maskError } from "./errors.ts";
import { noSuggestions, tokenLimit, validationRules } from "./plugins.ts";
import { timeScalar } from "./time.scalar.ts";

const readSdl = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

/** The schema's SDL, read once: the files are the contract, the resolvers implement it. */
export const typeDefs = [readSdl("./schema.graphql"), readSdl("../users/users.graphql")].join("\n");

/** Where GraphQL is served. */
export const GRAPHQL_ENDPOINT = "/graphql";

export interface GraphqlSettings {
  /** Introspection queries answered, and GraphiQL served (GRAPHQL_INTROSPECTION). */
  introspection: boolean;
  /** APP_ENV=development: field suggestions in errors, and the message and stack of unexpected errors. */
  development: boolean;
  logger: Logger;
  /** The service's name, in GraphiQL's title. */
  title: string;
}

/** The executable schema: the SDL with its resolvers (a resolver for a field the SDL lacks is an error). */
export const executableSchema = (dependencies: UserResolverDependencies) =>
  createSchema({ typeDefs, resolvers: [{ Time: timeScalar }, userResolvers(dependencies)] });

export type GraphqlServer = ReturnType<typeof graphqlServer>;

/** graphql-yoga at `/graphql` over the users' service, with the query limits and the error masking. */
export function graphqlServer(dependencies: UserResolverDependencies, settings: GraphqlSettings) {
  return createYoga({
    schema: executableSchema(dependencies),
    graphqlEndpoint: GRAPHQL_ENDPOINT,
    // The app serves GraphiQL itself (compressed and cached) and answers unknown paths; CORS is the operator's call.
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: false,
    maskedErrors: { maskError: maskError(settings.logger, settings.development) },
    // The app's body limit applies (by Content-Length): yoga's own would pipe every body through one more stream.
    maxRequestBodySize: false,
    plugins: [
      tokenLimit(),
      validationRules({ introspection: settings.introspection }),
      ...(settings.development ? [] : [noSuggestions()]),
    ],
  });
}
