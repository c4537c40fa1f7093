/**
 * Schema registry: the files that declare tables. drizzle-kit reads it (drizzle.config.ts) to generate migrations;
 * `scaffold add-model` appends to it.
 */
export const schemaFiles = ["./src/users/users.table.ts", "./src/auth/refresh-tokens.table.ts"];
