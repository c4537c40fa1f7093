/**
 * scaffold/crud/graphql: the resources of scaffold/crud served as GraphQL. Its dependencies (graphql, graphql-yoga,
 * dataloader, @graphql-yoga/render-graphiql) are optional peer dependencies: only this entry point loads them.
 */
export { type CrudGraphql, type CrudGraphqlOptions, crudGraphql } from "./crud-graphql.ts";
export type { GraphqlLimits } from "./limits.ts";
export { defaultLimits } from "./limits.ts";
