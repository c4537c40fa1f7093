import { manual, sortImportBlock } from "./patches.ts";

export const GRAPHQL_SERVER_PATH = "src/graphql/graphql-server.ts";

/**
 * `code` with the one occurrence of `find` replaced (and `importLine` added, when given); a ManualEditError when it
 * is not there exactly once, unless `replacement` already is (the printed edit was made by hand).
 */
function replaceOnce(path: string, code: string, find: string, replacement: string, importLine?: string): string {
  const withImport = (edited: string) =>
    importLine && !edited.includes(importLine) ? sortImportBlock(edited, importLine) : edited;
  if (code.includes(replacement)) return withImport(code);
  const replace = `replace \`${find}\` with \`${replacement}\``;
  const edit = importLine ? `  ${importLine}\n  and ${replace}` : `  ${replace}`;
  const parts = code.split(find);
  if (parts.length !== 2) throw manual(path, `no longer holds \`${find}\` once`, edit);
  return withImport(parts.join(replacement));
}

const MODEL_RESOLVERS_IMPORT = `import { modelResolvers, withModelTypeDefs } from "./model-resolvers.ts";`;

/**
 * `src/graphql/graphql-server.ts`, once per project: the schema gets the added models' SDL and resolvers too (their
 * services come with the dependencies, which graphql.module.ts fills from the whole container).
 */
export const addModelResolvers = (code: string): string => {
  const sdl = `[readSdl("./schema.graphql"), readSdl("../users/users.graphql")].join("\\n")`;
  const withTypeDefs = replaceOnce(
    GRAPHQL_SERVER_PATH,
    code,
    `typeDefs = ${sdl};`,
    `typeDefs = withModelTypeDefs(${sdl});`,
    MODEL_RESOLVERS_IMPORT,
  );
  return replaceOnce(
    GRAPHQL_SERVER_PATH,
    withTypeDefs,
    "userResolvers(dependencies)]",
    "userResolvers(dependencies), ...modelResolvers(dependencies)]",
    MODEL_RESOLVERS_IMPORT,
  );
};
