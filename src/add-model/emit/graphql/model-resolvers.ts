import type { Related } from "../../model.ts";
import { fitOrBreak } from "../fields.ts";
import { importLines } from "../imports.ts";
import { resourceFile } from "../paths.ts";

export const MODEL_RESOLVERS_PATH = "src/graphql/model-resolvers.ts";

/**
 * `src/graphql/model-resolvers.ts`: the SDL and the resolvers of every model add-model added, and the services they
 * need; graphql-server.ts merges them with schema.graphql and the users' resolvers (Biome lays the long lines out
 * when it formats).
 */
export function emitModelResolvers(models: Related[]): string {
  const sorted = [...models].sort((a, b) => (a.names.pluralCamel < b.names.pluralCamel ? -1 : 1));
  const dependencies = sorted.map((model) => `${model.names.pascal}ResolverDependencies`);
  const calls = sorted.map((model) => `${model.names.camel}Resolvers(services)`);
  const sdlFiles = sorted.map((model) => `"${resourceFile(model.names, "sdl")}"`);
  return [
    ...importLines([
      { from: "node:fs", names: ["readFileSync"] },
      ...sorted.map((model) => ({
        from: resourceFile(model.names, "resolvers"),
        names: [`type ${model.names.pascal}ResolverDependencies`, `${model.names.camel}Resolvers`],
      })),
    ]),
    "",
    "/** The SDL files of those models, beside their resolvers: their types, and their fields of Query and Mutation. */",
    ...fitOrBreak(`const SDL_FILES = [${sdlFiles.join(", ")}];`, [
      "const SDL_FILES = [",
      ...sdlFiles.map((file) => `  ${file},`),
      "];",
    ]),
    "",
    "/** schema.graphql's SDL with the models' after it: graphql-server.ts builds the schema from it. */",
    "export const withModelTypeDefs = (schema: string): string =>",
    `  [schema, ...SDL_FILES.map((file) => readFileSync(new URL(file, import.meta.url), "utf8"))].join("\\n");`,
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
