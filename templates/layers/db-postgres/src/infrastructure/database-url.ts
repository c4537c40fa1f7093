/** Embedded PostgreSQL (PGlite) in a local folder, so the service starts on a machine without a server. */
export const defaultDatabaseUrl = "pglite:./.data/postgres";
