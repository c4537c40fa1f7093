import { z } from "zod";

/** A SQLite file in ./.data (created on first start). */
export const defaultDatabaseUrl = "file:./.data/app.sqlite";

/** `file:<path>`, a plain path or `:memory:`. Another database's URL (`mysql://…`, `pglite:…`) is refused, not a folder. */
export const databaseUrlSchema = z
  .string()
  .refine((url) => url.startsWith("file:") || !/^[a-z][a-z\d+.-]+:/i.test(url), {
    error: ({ input }) =>
      `must be a SQLite file: file:<path>, a plain path or :memory: (got "${String(input).split(":")[0]}:")`,
  });
