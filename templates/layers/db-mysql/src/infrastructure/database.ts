import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql from "mysql2";
import type { AppDatabase } from "../adapters/persistence/dialect.ts";
import { queriesOnCheckedOutConnections } from "./checked-out-queries.ts";
import { wrappedDatabaseClient } from "./database-client.ts";
import type { DatabaseHandle } from "./database-handle.ts";
import { splitDatabaseUrl } from "./database-url.ts";

export { splitDatabaseUrl };

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

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
  const pool = queriesOnCheckedOutConnections(
    mysql.createPool({ uri: url, connectionLimit: 10, connectTimeout: 5_000, enableKeepAlive: true }),
  );
  const db = drizzle(wrappedDatabaseClient(pool), { mode: "default" });
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

/** A database without a connection (the OpenAPI export): queries can be built and prepared, never run. */
export function offlineDatabase(): AppDatabase {
  return drizzle.mock({ mode: "default" });
}
