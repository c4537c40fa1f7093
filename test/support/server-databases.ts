import { createConnection } from "mysql2/promise";
import postgres from "postgres";
import { uniqueDatabaseName, withDatabase } from "./env.ts";

/** A database created for one test suite on a shared server; `drop()` removes it again. */
export interface ScratchDatabase {
  url: string;
  name: string;
  /** Runs one read-only query on the database (`$1`-style parameters for both dialects). */
  query(sql: string, params: unknown[]): Promise<Record<string, unknown>[]>;
  drop(): Promise<void>;
}

export async function createPostgresDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = uniqueDatabaseName(prefix);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = withDatabase(serverUrl, name);
  const client = postgres(url, { max: 1, onnotice: () => {} });
  return {
    url,
    name,
    query: (sql, params) => client.unsafe(sql, params as never[]) as Promise<Record<string, unknown>[]>,
    async drop() {
      await client.end();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function createMysqlDatabase(serverUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = uniqueDatabaseName(prefix);
  const admin = await createConnection(withDatabase(serverUrl, ""));
  await admin.query(`CREATE DATABASE \`${name}\``);
  const url = withDatabase(serverUrl, name);
  const client = await createConnection(url);
  return {
    url,
    name,
    async query(sql, params) {
      const [rows] = await client.query(sql.replace(/\$\d+/g, "?"), params);
      return rows as Record<string, unknown>[];
    },
    async drop() {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    },
  };
}

/** Drops database `name` on a PostgreSQL server if it exists (for databases a tested script names itself). */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Drops database `name` on a MySQL/MariaDB server if it exists. */
export async function dropMysqlDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = await createConnection(withDatabase(serverUrl, ""));
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  } finally {
    await admin.end();
  }
}
