import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql from "mysql2";
import type { AppDatabase } from "../adapters/persistence/dialect.ts";
import type { DatabaseHandle } from "./database-handle.ts";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Splits `mysql://user:password@host:port/database` into the server URL and the database name. */
export function splitDatabaseUrl(url: string): { server: string; database: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== "mysql:") throw new Error(`DATABASE_URL must start with mysql:// (got "${parsed.protocol}")`);
  const database = decodeURIComponent(parsed.pathname.slice(1));
  if (!database) throw new Error("DATABASE_URL must name a database: mysql://user:password@host:3306/<database>");
  parsed.pathname = "/";
  return { server: parsed.toString(), database };
}

/** Creates the database when it is missing and the user may create it (otherwise the pool reports the error). */
export async function ensureDatabase(url: string): Promise<void> {
  const { server, database } = splitDatabaseUrl(url);
  const connection = await mysql.createConnection({ uri: server, connectTimeout: 5_000 }).promise();
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS ${mysql.escapeId(database)}`);
  } catch {
    // No CREATE privilege: the database may still exist; connecting to it will tell.
  } finally {
    await connection.end();
  }
}

export async function openDatabase(url: string): Promise<DatabaseHandle<AppDatabase>> {
  await ensureDatabase(url);
  // Drizzle gets the callback pool as its first argument and wraps it itself; its `{ client }` form misdetects pools.
  const pool = mysql.createPool({ uri: url, connectionLimit: 10, connectTimeout: 5_000, enableKeepAlive: true });
  const db = drizzle(pool, { mode: "default" });
  const promisePool = pool.promise();
  return {
    db,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await promisePool.query("SELECT 1");
    },
    close: () => promisePool.end(),
  };
}
