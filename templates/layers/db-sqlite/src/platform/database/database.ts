import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { drizzle, type RemoteCallback } from "drizzle-orm/sqlite-proxy";
import { migrate } from "drizzle-orm/sqlite-proxy/migrator";
import { ConfigError } from "../config.ts";
import { wrappedDatabaseClient } from "./database-client.ts";
import type { DatabaseHandle } from "./database-handle.ts";
import { type DatabaseOptions, defaultDatabaseOptions } from "./database-options.ts";
import type { AppDatabase } from "./dialect.ts";
import { withMigrationLock } from "./migration-lock.ts";

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** `file:./.data/app.sqlite`, a plain path, or `:memory:` (tests). */
function sqlitePath(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/** Distinct SQL texts kept compiled; beyond that the oldest is dropped (queries built with varying shapes). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The compiled statement of each SQL text, compiled on first use: node:sqlite's `prepare` parses and plans the SQL
 * every time, which would cost more than running a look-up by primary key. Drizzle sends the same text for the same
 * query (values are bound separately), so a service's queries are compiled once each.
 */
function statementCache(sqlite: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = sqlite.prepare(sql);
      // Rows as arrays in column order, which keeps two columns of the same name (joins) apart. setReturnArrays
      // exists from Node.js 22.16 (and in Bun and Deno); older 22.x get row objects, see rowsAsArrays.
      statement.setReturnArrays?.(true);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
}

function rowsAsArrays(statement: StatementSync, values: SQLInputValue[]): unknown[][] {
  const rows = statement.all(...values) as unknown[];
  return typeof statement.setReturnArrays === "function"
    ? (rows as unknown[][])
    : rows.map((row) => Object.values(row as object));
}

/**
 * Opens (and creates) the file; what stops that is the configuration's doing: one start-up line naming it. A
 * statement waits up to `busyTimeoutMs` for another process's lock on the file (node:sqlite waits blocking).
 */
function openFile(path: string, busyTimeoutMs: number): DatabaseSync {
  try {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const sqlite = new DatabaseSync(path);
    // The busy timeout first: switching a new file to WAL takes a lock that another process may hold.
    sqlite.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;`);
    return sqlite;
  } catch (error) {
    // A folder or a file of another kind at that path, a folder this user may not write, a file that is no database.
    const reason = (error as Error).message.split("\n")[0];
    throw new ConfigError(`Cannot open the SQLite database "${path}" (${reason}): check DATABASE_URL and that path`);
  }
}

export async function openDatabase(
  url: string,
  options: DatabaseOptions = defaultDatabaseOptions,
): Promise<DatabaseHandle<AppDatabase>> {
  const path = sqlitePath(url);
  const sqlite = openFile(path, options.queryTimeoutMs);
  const compiled = statementCache(sqlite);
  // sqlite-proxy wants rows as arrays of values in column order ("get": one such array).
  const run: RemoteCallback = async (sql, params, method) => {
    const statement = compiled(sql);
    const values = params as SQLInputValue[];
    if (method === "run") {
      statement.run(...values);
      return { rows: [] };
    }
    const rows = rowsAsArrays(statement, values);
    return { rows: method === "get" ? (rows[0] ?? []) : rows };
  };
  const db = drizzle(wrappedDatabaseClient(run));
  return {
    db,
    migrate: () =>
      withMigrationLock(sqlite, path, () =>
        migrate(
          db,
          async (queries) => {
            for (const query of queries) sqlite.exec(query);
          },
          { migrationsFolder },
        ),
      ),
    ping: async () => {
      sqlite.prepare("select 1").get();
    },
    close: async () => {
      if (sqlite.isOpen) sqlite.close();
    },
  };
}
