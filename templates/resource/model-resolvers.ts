import { readFileSync } from "node:fs";
// @each model
import { type StockItemResolverDependencies, stockItemResolvers } from "../stock-items/stock-items.resolvers.ts";
// @end

/** The SDL files of those models, beside their resolvers: their types, and their fields of Query and Mutation. */
const SDL_FILES = [/*@each model join=", "*/"../stock-items/stock-items.graphql"/*@end*/];

/** schema.graphql's SDL with the models' after it: graphql-server.ts builds the schema from it. */
export const withModelTypeDefs = (schema: string): string =>
  [schema, ...SDL_FILES.map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))].join("\n");

/** The services of the models `scaffold add-model` added, which their resolvers take from the container. */
export type ModelServices = /*@each model join=" & "*/StockItemResolverDependencies/*@end*/;

/**
 * The resolvers of those models, which graphql-server.ts merges with the users'. Their services come with the
 * resolvers' dependencies: graphql.module.ts hands over the whole container, which holds them (a test that builds
 * the server with the users' service alone builds the schema, but cannot run these models' operations).
 */
export function modelResolvers(dependencies: object) {
  const services = dependencies as ModelServices;
  return [/*@each model join=", "*/stockItemResolvers(services)/*@end*/];
}
