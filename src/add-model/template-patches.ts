import { manual, sortImportBlock } from "./patches.ts";

export const GRAPHQL_SERVER_PATH = "src/adapters/graphql/graphql-server.ts";

/** `code` with the one match of `pattern` replaced and `importLine` added; a ManualEditError when it is not there. */
function replaceOnce(path: string, code: string, pattern: RegExp, replacement: string, importLine: string): string {
  const edit = `  ${importLine}\n  and replace \`${pattern.source.replace(/\\/g, "")}\` with \`${replacement}\``;
  const matches = code.match(new RegExp(pattern.source, "g")) ?? [];
  if (matches.length !== 1) throw manual(path, `no longer holds \`${pattern.source.replace(/\\/g, "")}\` once`, edit);
  return sortImportBlock(code.replace(pattern, replacement), importLine);
}

/**
 * `src/adapters/graphql/graphql-server.ts`, once per project: the schema gets the added models' resolvers too (their
 * services come with the dependencies, which graphql.module.ts fills from the whole container).
 */
export const addModelResolvers = (code: string): string =>
  replaceOnce(
    GRAPHQL_SERVER_PATH,
    code,
    /resolvers: userResolvers\(dependencies\)/,
    "resolvers: [userResolvers(dependencies), ...modelResolvers(dependencies)]",
    `import { modelResolvers } from "./model-resolvers.ts";`,
  );

export const USERS_REPOSITORY_PATH = "src/adapters/persistence/users.repository.ts";

/**
 * `src/adapters/persistence/users.repository.ts`, once per project (with the first model that belongs to users): the
 * users' soft delete runs add-model's guard, so a user with live children cannot be deleted (CONFLICT).
 */
export const guardUserDelete = (code: string): string =>
  replaceOnce(
    USERS_REPOSITORY_PATH,
    code,
    /return this\.#rows\.softDelete\(id, now\);/,
    "return this.#rows.softDelete(id, now, guardUserChildren);",
    `import { guardUserChildren } from "./user-children.ts";`,
  );
