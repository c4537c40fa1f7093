import { Database as SqliteDatabase } from "bun:sqlite";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { missing, mysqlUrl, postgresUrl } from "../../support/env.ts";
import { createMysqlDatabase, createPostgresDatabase, type ScratchDatabase } from "../../support/server-databases.ts";

/** The query that reads a user's deletion time straight from the database (soft delete check). */
const DELETED_AT_SQL = "SELECT deleted_at FROM users WHERE id = $1";

/** A database a generated service runs against during one test file. */
export interface OpenBackend {
  /** `DATABASE_URL` for the service; `viaPort` routes a server connection through a local TCP proxy. */
  databaseUrl(viaPort?: number): string;
  /** Where a TCP proxy must forward to, for server databases (which can be made unreachable). */
  server?: { host: string; port: number };
  /** The `deleted_at` column of user `id` (undefined when the row is gone); call with the service stopped. */
  deletedAt(id: number): Promise<unknown>;
  close(): Promise<void>;
}

export interface Backend {
  label: string;
  /** False skips every test that needs it (by name; in CI a missing server is an error, see env.ts). */
  readonly available: boolean;
  open(projectDir: string): Promise<OpenBackend>;
}

function serverBackend(scratch: ScratchDatabase): OpenBackend {
  const url = new URL(scratch.url);
  return {
    databaseUrl(viaPort) {
      if (viaPort === undefined) return scratch.url;
      const proxied = new URL(scratch.url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(viaPort);
      return proxied.toString();
    },
    server: { host: url.hostname, port: Number(url.port) },
    async deletedAt(id) {
      const [row] = await scratch.query(DELETED_AT_SQL, [id]);
      return row ? row.deleted_at : undefined;
    },
    close: () => scratch.drop(),
  };
}

export const postgresServer: Backend = {
  label: "PostgreSQL server",
  get available() {
    return !missing("PostgreSQL (TEST_POSTGRES_URL)", postgresUrl);
  },
  open: async () => serverBackend(await createPostgresDatabase(postgresUrl as string, "e2e_full")),
};

export const mysqlServer: Backend = {
  label: "MariaDB server",
  get available() {
    return !missing("MariaDB/MySQL (TEST_MYSQL_URL)", mysqlUrl);
  },
  open: async () => serverBackend(await createMysqlDatabase(mysqlUrl as string, "e2e_full")),
};

/** Embedded PostgreSQL in a directory; read back with the generated project's own PGlite (same data format). */
export const pglite: Backend = {
  label: "embedded PGlite",
  available: true,
  async open(projectDir) {
    const dir = await mkdtemp(join(tmpdir(), "scaffold-e2e-pglite-"));
    return {
      databaseUrl: () => `pglite:${dir}`,
      async deletedAt(id) {
        const entry = join(projectDir, "node_modules", "@electric-sql", "pglite", "dist", "index.js");
        const { PGlite } = (await import(entry)) as typeof import("@electric-sql/pglite");
        const db = new PGlite(dir);
        try {
          const result = await db.query<{ deleted_at: unknown }>(DELETED_AT_SQL, [id]);
          return result.rows[0] ? result.rows[0].deleted_at : undefined;
        } finally {
          await db.close();
        }
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

export const sqliteFile: Backend = {
  label: "SQLite file",
  available: true,
  async open() {
    const dir = await mkdtemp(join(tmpdir(), "scaffold-e2e-sqlite-"));
    const file = join(dir, "app.db");
    return {
      databaseUrl: () => `file:${file}`,
      async deletedAt(id) {
        const db = new SqliteDatabase(file, { readonly: true });
        try {
          const row = db.query(DELETED_AT_SQL.replace("$1", "?1")).get(id) as { deleted_at: unknown } | null;
          return row ? row.deleted_at : undefined;
        } finally {
          db.close();
        }
      },
      close: () => rm(dir, { recursive: true, force: true }),
    };
  },
};
