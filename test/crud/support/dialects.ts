/**
 * One factory per database the shared suite runs on: SQLite (bun:sqlite), PGlite, and the real PostgreSQL and
 * MariaDB servers when TEST_POSTGRES_URL / TEST_MYSQL_URL are set (a fresh database per run, dropped after).
 * Every Drizzle instance logs its statements into `statements`, so tests can count queries per request.
 */
import { Database } from "bun:sqlite";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as sqliteDrizzle } from "drizzle-orm/bun-sqlite";
import { drizzle as mysqlDrizzle } from "drizzle-orm/mysql2";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { drizzle as postgresDrizzle } from "drizzle-orm/postgres-js";
import mysql from "mysql2/promise";
import postgres from "postgres";
import { mysqlUrl, postgresUrl } from "../../support/env.ts";
import { createMysqlDatabase, createPostgresDatabase } from "../../support/server-databases.ts";
import { mysqlDdl, mysqlTables, pgDdl, pgTables, sqliteDdl, sqliteTables, type Tables } from "./tables.ts";

export interface TestDatabase {
  readonly db: unknown;
  readonly tables: Tables;
  /** SQL of every statement Drizzle ran, in order. */
  readonly statements: string[];
  close(): Promise<void>;
}

export interface DialectFactory {
  readonly name: string;
  /** False when the server is not configured (the suite is then skipped by name). */
  readonly available: boolean;
  open(): Promise<TestDatabase>;
}

function logger(statements: string[]) {
  return { logQuery: (query: string) => void statements.push(query) };
}

const statementsOf = (ddl: string) =>
  ddl
    .split(";")
    .map((s) => s.trim())
    .filter(Boolean);

export const sqliteFactory: DialectFactory = {
  name: "sqlite",
  available: true,
  async open() {
    const client = new Database(":memory:");
    client.exec("PRAGMA foreign_keys = ON");
    client.exec(sqliteDdl);
    const statements: string[] = [];
    const db = sqliteDrizzle({ client, logger: logger(statements) });
    return { db, tables: sqliteTables(), statements, close: async () => client.close() };
  },
};

export const pgliteFactory: DialectFactory = {
  name: "pglite",
  available: true,
  async open() {
    const client = new PGlite();
    await client.exec(pgDdl);
    const statements: string[] = [];
    const db = pgliteDrizzle({ client, logger: logger(statements) });
    return { db, tables: pgTables(), statements, close: () => client.close() };
  },
};

export const postgresFactory: DialectFactory = {
  name: "postgres",
  available: !!postgresUrl,
  async open() {
    const scratch = await createPostgresDatabase(postgresUrl as string, "crud");
    const client = postgres(scratch.url, { max: 4, onnotice: () => {} });
    await client.unsafe(pgDdl);
    const statements: string[] = [];
    const db = postgresDrizzle({ client, logger: logger(statements) });
    return {
      db,
      tables: pgTables(),
      statements,
      async close() {
        await client.end();
        await scratch.drop();
      },
    };
  },
};

export const mysqlFactory: DialectFactory = {
  name: "mysql",
  available: !!mysqlUrl,
  async open() {
    const scratch = await createMysqlDatabase(mysqlUrl as string, "crud");
    const client = mysql.createPool({ uri: scratch.url, connectionLimit: 4 });
    for (const statement of statementsOf(mysqlDdl)) await client.query(statement);
    const statements: string[] = [];
    const db = mysqlDrizzle({ client, logger: logger(statements), mode: "default" });
    return {
      db,
      tables: mysqlTables(),
      statements,
      async close() {
        await client.end();
        await scratch.drop();
      },
    };
  },
};
