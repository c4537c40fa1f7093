import type { Related } from "../../model.ts";
import { importLines } from "../imports.ts";

export const MODEL_RESOLVERS_PATH = "src/adapters/graphql/model-resolvers.ts";

/**
 * `src/adapters/graphql/model-resolvers.ts`: the resolvers of every model add-model added, and the services they
 * need; graphql-server.ts merges them with the users' resolvers (Biome lays the long lines out when it formats).
 */
export function emitModelResolvers(models: Related[]): string {
  const sorted = [...models].sort((a, b) => (a.names.pluralCamel < b.names.pluralCamel ? -1 : 1));
  const dependencies = sorted.map((model) => `${model.names.pascal}ResolverDependencies`);
  const calls = sorted.map((model) => `${model.names.camel}Resolvers(services)`);
  return [
    ...importLines(
      sorted.map((model) => ({
        from: `./${model.names.pluralKebab}.resolvers.ts`,
        names: [`type ${model.names.pascal}ResolverDependencies`, `${model.names.camel}Resolvers`],
      })),
    ),
    "",
    "/** The services of the models `scaffold add-model` added, which their resolvers take from the container. */",
    `export type ModelServices = ${dependencies.join(" & ")};`,
    "",
    "/**",
    " * The resolvers of those models, which graphql-server.ts merges with the users'. Their services come with the",
    " * resolvers' dependencies: graphql.module.ts hands over the whole container, which holds them (a test that builds",
    " * the server with the users' service alone builds the schema, but cannot run these models' operations).",
    " */",
    "export function modelResolvers(dependencies: object) {",
    "  const services = dependencies as ModelServices;",
    `  return [${calls.join(", ")}];`,
    "}",
    "",
  ].join("\n");
}
