import { Database as SqliteFile } from "bun:sqlite";
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { createConnection } from "mysql2/promise";
import postgres from "postgres";
import { uniqueDatabaseName, withDatabase } from "../../support/env.ts";
import { dropMysqlDatabase, dropPostgresDatabase } from "../../support/server-databases.ts";

/**
 * A database no instance has touched yet (for a server: not even created, as on a new deployment), and what the
 * tests read back from it once the instances are done.
 */
export interface FreshDatabase {
  url: string;
  /** Names of the tables that exist (none when the database itself does not). */
  tables(): Promise<string[]>;
  /** Rows of Drizzle's migrations journal: one per migration applied. */
  appliedMigrations(): Promise<number>;
  /** Takes the lock the service migrates under (as docs/database.md names it), as another instance would: its release. */
  holdMigrationLock(): Promise<() => Promise<void>>;
  /** Sessions waiting for that lock (undefined where the database does not show them). */
  lockWaiters(): Promise<number | undefined>;
  drop(): Promise<void>;
}

export function freshPostgresDatabase(serverUrl: string): FreshDatabase {
  const name = uniqueDatabaseName("replicas");
  const url = withDatabase(serverUrl, name);
  const query = async (sql: string): Promise<Record<string, unknown>[]> => {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return await client.unsafe(sql);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    async tables() {
      const exists = postgres(serverUrl, { max: 1 });
      const [row] = await exists`select count(*)::int as n from pg_database where datname = ${name}`;
      await exists.end();
      if (row?.n === 0) return [];
      const rows = await query(
        "select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
      );
      return rows.map((row) => String(row.name));
    },
    async appliedMigrations() {
      const [row] = await query("select count(*)::int as n from drizzle.__drizzle_migrations");
      return Number(row?.n);
    },
    async holdMigrationLock() {
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      await admin.end();
      const holder = postgres(url, { max: 1, onnotice: () => {} });
      await holder`select pg_advisory_lock(hashtext('drizzle migrations'))`;
      return () => holder.end();
    },
    async lockWaiters() {
      const [row] = await query("select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted");
      return Number(row?.n);
    },
    drop: () => dropPostgresDatabase(serverUrl, name),
  };
}

export function freshMysqlDatabase(serverUrl: string): FreshDatabase {
  const name = uniqueDatabaseName("replicas");
  const query = async (sql: string, params: unknown[] = []): Promise<Record<string, unknown>[]> => {
    const client = await createConnection(withDatabase(serverUrl, ""));
    try {
      const [rows] = await client.query(sql, params);
      return rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  };
  return {
    url: withDatabase(serverUrl, name),
    async tables() {
      const rows = await query("select table_name as name from information_schema.tables where table_schema = ?", [
        name,
      ]);
      return rows.map((row) => String(row.name));
    },
    async appliedMigrations() {
      const [row] = await query(`select count(*) as n from \`${name}\`.__drizzle_migrations`);
      return Number(row?.n);
    },
    async holdMigrationLock() {
      const holder = await createConnection(withDatabase(serverUrl, ""));
      await holder.query("SELECT GET_LOCK(?, 0)", [`${name}.migrations`]);
      return () => holder.end();
    },
    async lockWaiters() {
      const rows = await query(
        "select count(*) as n from information_schema.processlist where state like '%user%lock%' and info like ?",
        [`%${name}.migrations%`],
      );
      return Number(rows[0]?.n);
    },
    drop: () => dropMysqlDatabase(serverUrl, name),
  };
}

/** A SQLite file in a folder that does not exist yet (the service creates both), inside `parent`. */
export function freshSqliteDatabase(parent: string): FreshDatabase {
  const path = join(parent, uniqueDatabaseName("replicas"), "app.sqlite");
  const query = (sql: string): Record<string, unknown>[] => {
    const file = new SqliteFile(path, { readonly: true });
    try {
      return file.query(sql).all() as Record<string, unknown>[];
    } finally {
      file.close();
    }
  };
  return {
    url: `file:${path}`,
    tables: async () =>
      existsSync(path)
        ? query("select name from sqlite_master where type = 'table'").map((row) => String(row.name))
        : [],
    appliedMigrations: async () => Number(query("select count(*) as n from __drizzle_migrations")[0]?.n),
    async holdMigrationLock() {
      mkdirSync(dirname(path), { recursive: true });
      const holder = new SqliteFile(path);
      holder.exec("PRAGMA journal_mode = WAL");
      holder.exec("BEGIN IMMEDIATE");
      return async () => {
        holder.exec("COMMIT");
        holder.close();
      };
    },
    // SQLite keeps no list of the processes that wait for its file's lock.
    lockWaiters: async () => undefined,
    // The folder goes with the project's temporary folder.
    drop: async () => {},
  };
}
