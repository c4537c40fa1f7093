import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/mysql2";
import { migrate } from "drizzle-orm/mysql2/migrator";
import mysql from "mysql2";
import { createConnection } from "mysql2/promise";
import { ConfigError } from "../config.ts";
import { queriesOnCheckedOutConnections } from "./checked-out-queries.ts";
import { wrappedDatabaseClient } from "./database-client.ts";
import {
  accessDeniedError,
  databaseServer,
  driverError,
  missingDatabaseError,
  privilegeError,
  unreachableServerError,
} from "./database-errors.ts";
import type { DatabaseHandle } from "./database-handle.ts";
import { type DatabaseOptions, defaultDatabaseOptions } from "./database-options.ts";
import { splitDatabaseUrl } from "./database-url.ts";
import type { AppDatabase } from "./dialect.ts";
import { withMigrationLock } from "./migration-lock.ts";
import { withServerStatementTimeout } from "./server-statement-timeout.ts";

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** MySQL's error numbers for what the server refuses at start-up. */
const ER_DBACCESS_DENIED = 1044; // the user may not use (or create) that database
const ER_ACCESS_DENIED = 1045; // wrong user or password
const ER_BAD_DB = 1049; // no such database
const ER_TABLEACCESS_DENIED = 1142; // e.g. CREATE TABLE denied: the migrations cannot run

/**
 * The one start-up line for an error of connecting to `url` or migrating it, or the error itself when it is not
 * configuration.
 */
export function startupError(error: unknown, url: string): unknown {
  const server = databaseServer(url, 3306);
  const cause = driverError(error);
  const { errno, message } = cause as { errno?: unknown; message?: string };
  switch (errno) {
    case ER_ACCESS_DENIED:
      return accessDeniedError(server);
    case ER_BAD_DB:
      return missingDatabaseError(server);
    case ER_DBACCESS_DENIED:
      return new ConfigError(
        `User "${server.user}" may not use database "${server.database}" at ${server.address}, nor create it: grant it access, or set DATABASE_URL to another database`,
      );
    case ER_TABLEACCESS_DENIED:
      return privilegeError(server, message ?? "denied");
    default:
      return unreachableServerError(cause, server) ?? error;
  }
}

/** Creates the database when it is missing and the user may create it (otherwise connecting to it will tell). */
async function ensureDatabase(url: string, connectTimeout: number): Promise<void> {
  const { server, database } = splitDatabaseUrl(url);
  // The promise API's createConnection rejects when the handshake fails (a wrong password): the callback API's
  // connection would fail only its first query, and never settle `end()` afterwards.
  const connection = await createConnection({ uri: server, connectTimeout });
  try {
    await connection.query(`CREATE DATABASE IF NOT EXISTS ${mysql.escapeId(database)}`);
  } catch (error) {
    // No CREATE privilege: the database may still exist, and connecting to it will tell.
    if ((error as { errno?: unknown }).errno !== ER_DBACCESS_DENIED) throw error;
  } finally {
    await connection.end();
  }
}

export async function openDatabase(
  url: string,
  options: DatabaseOptions = defaultDatabaseOptions,
): Promise<DatabaseHandle<AppDatabase>> {
  try {
    await ensureDatabase(url, options.connectTimeoutMs);
  } catch (error) {
    throw startupError(error, url);
  }
  // Drizzle gets the callback pool as its first argument and wraps it itself; its `{ client }` form misdetects pools.
  const pool = queriesOnCheckedOutConnections(
    withServerStatementTimeout(
      mysql.createPool({
        uri: url,
        connectionLimit: options.poolMax,
        connectTimeout: options.connectTimeoutMs,
        enableKeepAlive: true,
      }),
      options.queryTimeoutMs,
    ),
    options,
  );
  const db = drizzle(wrappedDatabaseClient(pool), { mode: "default" });
  // Readiness asks on a connection of its own: it measures the database, not the queue for the pool's connections.
  const pinger = queriesOnCheckedOutConnections(
    mysql.createPool({
      uri: url,
      connectionLimit: 1,
      connectTimeout: options.connectTimeoutMs,
      enableKeepAlive: true,
    }),
    options,
  ).promise();
  const ping = async () => {
    await pinger.query("SELECT 1");
  };
  const close = async () => {
    await Promise.all([pool.promise().end(), pinger.end()]);
  };
  try {
    // Connects now, so that a database this user may not use fails the start-up rather than the first request.
    await ping();
  } catch (error) {
    await close();
    throw startupError(error, url);
  }
  const migrateUnderLock = async () => {
    // On the lock's own connection, without the pool's statement time limit: a migration may take its time.
    const lock = await createConnection({ uri: url, connectTimeout: options.connectTimeoutMs });
    await withMigrationLock(lock, databaseServer(url, 3306), () =>
      migrate(drizzle(lock, { mode: "default" }), { migrationsFolder }),
    );
  };
  return {
    db,
    migrate: () =>
      migrateUnderLock().catch((error: unknown) => {
        throw startupError(error, url);
      }),
    ping,
    close,
  };
}
