import { z } from "zod";

/** Embedded PostgreSQL (PGlite) in a local folder, so the service starts on a machine without a server. */
export const defaultDatabaseUrl = "pglite:./.data/postgres";

/** A server (`postgres://`, `postgresql://`) or embedded PGlite (`pglite:<directory>`, `pglite:memory:`). */
export const databaseUrlSchema = z.string().refine((url) => /^(postgres(ql)?:\/\/|pglite:)/.test(url), {
  error: ({ input }) => `must start with postgres://, postgresql:// or pglite: (got "${String(input).split(":")[0]}:")`,
});
