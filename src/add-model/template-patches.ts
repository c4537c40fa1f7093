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

export const USERS_REPOSITORY_PATH = "src/users/users.repository.ts";
export const USERS_PORT_PATH = "src/users/users.port.ts";
/** `full`'s users' in-memory repository, kept with its other ports' in the tests' support. */
export const FULL_USERS_IN_MEMORY = "test/support/in-memory.ts";

const FIND_BY_ID = "  findById(id: number): Promise<User | undefined>;\n";
const FIND_BY_ID_METHOD = "  findById(id: number): Promise<User | undefined> {\n    return this.#rows.byId(id);\n  }\n";
const IN_MEMORY_FIND_BY_ID =
  "  async findById(id: number): Promise<User | undefined> {\n    const row = this.table.live(id);\n    return row && publicUser(row);\n  }\n";

/**
 * `src/users/users.repository.ts`, once per project (with the first model that belongs to users): one repository per
 * database, which the modules of the users' models share; several users in one read (`include`, GraphQL's batches);
 * and a soft delete that runs add-model's guard, so a user with live children cannot be deleted (CONFLICT).
 */
export function relateUserRepository(code: string): string {
  const path = USERS_REPOSITORY_PATH;
  const edits: Array<[string, string, string?]> = [
    [
      'import { liveRows } from "../platform/database/live-rows.ts";',
      'import { guardedSoftDelete, liveByIds, liveRows, perDatabase } from "../platform/database/live-rows.ts";',
    ],
    [
      "  readonly #rows: ReturnType<typeof liveRows<typeof users, typeof publicColumns>>;\n",
      "  readonly #db: AppDatabase;\n  readonly #rows: ReturnType<typeof liveRows<typeof users, typeof publicColumns>>;\n",
    ],
    [
      '    this.#rows = liveRows(db, "users", users, publicColumns);\n',
      '    this.#db = db;\n    this.#rows = liveRows(db, "users", users, publicColumns);\n',
    ],
    [
      FIND_BY_ID_METHOD,
      `${FIND_BY_ID_METHOD}\n  findByIds(ids: number[]): Promise<User[]> {\n    return liveByIds(this.#db, users, publicColumns, ids);\n  }\n`,
    ],
    [
      "return this.#rows.softDelete(id, now);",
      "return guardedSoftDelete(this.#db, users, id, now, guardUserChildren);",
      `import { guardUserChildren } from "./user-children.ts";`,
    ],
    [
      "/** The users' repository over `db` (`scaffold add-model` makes it one per database once other modules read users). */\nexport const userRepository = (db: AppDatabase) => new DrizzleUserRepository(db);",
      "/** One repository per database: the modules that read users (theirs, and models that belong to users) share it. */\nexport const userRepository = perDatabase((db) => new DrizzleUserRepository(db));",
    ],
  ];
  return edits.reduce(
    (text, [find, replacement, importLine]) => replaceOnce(path, text, find, replacement, importLine),
    code,
  );
}

/** `src/users/users.port.ts`, with the first model of users: several users in one read. */
export const addFindUsersByIds = (code: string): string =>
  replaceOnce(
    USERS_PORT_PATH,
    code,
    FIND_BY_ID,
    `${FIND_BY_ID}  /** Several users in one read (for \`include\`); unknown ids are left out. */\n  findByIds(ids: number[]): Promise<User[]>;\n`,
  );

/** The users' in-memory repository, with the first model of users: several users in one read. */
export const addInMemoryFindUsersByIds = (path: string, code: string): string =>
  replaceOnce(
    path,
    code,
    IN_MEMORY_FIND_BY_ID,
    `${IN_MEMORY_FIND_BY_ID}\n  async findByIds(ids: number[]): Promise<User[]> {\n    return this.rows.filter((row) => !row.deletedAt && ids.includes(row.id)).map(publicUser);\n  }\n`,
  );

export const USERS_ROUTES_PATH = "src/users/users.routes.ts";

/** `full`'s `src/users/users.routes.ts`, with the users' guard: the users' DELETE documents the 409 CONFLICT it can answer. */
export const documentUserDeleteConflict = (code: string): string =>
  replaceOnce(USERS_ROUTES_PATH, code, "[403],", "[403, 409],");
