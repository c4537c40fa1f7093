import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/sqlite-proxy";
import { migrate } from "drizzle-orm/sqlite-proxy/migrator";
import type { AppDatabase } from "../adapters/persistence/dialect.ts";
import type { DatabaseHandle } from "./database-handle.ts";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** `file:./.data/app.sqlite`, a plain path, or `:memory:` (tests). */
export function sqlitePath(url: string): string {
  return url.startsWith("file:") ? url.slice("file:".length) : url;
}

/** Rows as arrays in column order, which keeps two columns of the same name (joins) apart. */
function rowsAsArrays(statement: StatementSync, values: SQLInputValue[]): unknown[][] {
  // setReturnArrays exists from Node.js 22.16 (and in Bun and Deno); older 22.x fall back to the row objects.
  if (typeof statement.setReturnArrays !== "function") return statement.all(...values).map((row) => Object.values(row));
  statement.setReturnArrays(true);
  return statement.all(...values) as unknown as unknown[][];
}

export async function openDatabase(url: string): Promise<DatabaseHandle<AppDatabase>> {
  const path = sqlitePath(url);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new DatabaseSync(path);
  sqlite.exec("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;");
  // sqlite-proxy wants rows as arrays of values in column order ("get": one such array).
  const db = drizzle(async (sql, params, method) => {
    const statement = sqlite.prepare(sql);
    const values = params as SQLInputValue[];
    if (method === "run") {
      statement.run(...values);
      return { rows: [] };
    }
    const rows = rowsAsArrays(statement, values);
    return { rows: method === "get" ? (rows[0] ?? []) : rows };
  });
  return {
    db,
    migrate: () =>
      migrate(
        db,
        async (queries) => {
          for (const query of queries) sqlite.exec(query);
        },
        { migrationsFolder },
      ),
    ping: async () => {
      sqlite.prepare("select 1").get();
    },
    close: async () => {
      if (sqlite.isOpen) sqlite.close();
    },
  };
}
