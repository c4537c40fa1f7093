import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../config.ts";
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
import type { AppDatabase } from "./dialect.ts";
import { withMigrationLock } from "./migration-lock.ts";
import { withQueryTimeout } from "./query-timeout.ts";

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/**
 * `postgres://` / `postgresql://` -> postgres.js; `pglite:<directory>` -> embedded PGlite stored there;
 * `pglite:memory:` -> PGlite in memory (tests). Drivers are imported lazily: only the one in use is loaded.
 */
export async function openDatabase(
  url: string,
  options: DatabaseOptions = defaultDatabaseOptions,
): Promise<DatabaseHandle<AppDatabase>> {
  if (url.startsWith("pglite:")) return openPglite(url.slice("pglite:".length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or pglite: (got "${url.split(":")[0]}:")`);
}

async function openPglite(directory: string): Promise<DatabaseHandle<AppDatabase>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = directory === "" || directory === "memory:";
  let client: InstanceType<typeof PGlite>;
  try {
    if (!inMemory) mkdirSync(directory, { recursive: true });
    client = inMemory ? new PGlite() : new PGlite(directory);
    await client.waitReady;
  } catch (error) {
    // A file where the folder should be, a folder this user may not write, another program's files in it.
    throw new ConfigError(
      `Cannot open the PGlite database in "${directory}" (${oneLine(error)}): check DATABASE_URL and that folder`,
    );
  }
  const db = drizzle({ client: wrappedDatabaseClient(client) });
  return {
    db,
    // No lock: a PGlite database belongs to the one process that opened it.
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** PostgreSQL's SQLSTATEs for what the server refuses at start-up. */
const INVALID_PASSWORD = "28P01";
const INVALID_AUTHORIZATION = "28000"; // no such role, or pg_hba.conf refuses it
const INVALID_CATALOG_NAME = "3D000"; // no such database
const INSUFFICIENT_PRIVILEGE = "42501";
const DUPLICATE_DATABASE = "42P04";
const UNIQUE_VIOLATION = "23505"; // CREATE DATABASE racing another one of the same name

/**
 * The one start-up line for an error of connecting to `url` or migrating it, or the error itself when it is not
 * configuration.
 */
export function startupError(error: unknown, url: string): unknown {
  const server = databaseServer(url, 5432);
  const cause = driverError(error);
  const { code, message = "" } = cause as { code?: unknown; message?: string };
  if (code === INVALID_PASSWORD) return accessDeniedError(server);
  if (code === INVALID_AUTHORIZATION) return accessDeniedError(server, message);
  if (code === INVALID_CATALOG_NAME) return missingDatabaseError(server);
  // No CONNECT privilege, or no CREATE on the database for the migrations' schema (PostgreSQL 15 and later no longer
  // let every user create in schema public).
  if (code === INSUFFICIENT_PRIVILEGE) return privilegeError(server, message);
  return unreachableServerError(cause, server) ?? error;
}

/**
 * Seconds before connecting again after a failed attempt: postgres.js's default doubles and more with each failure,
 * which after an outage of a few seconds would keep the service failing long after the server is back.
 */
const reconnectDelay = (failures: number) => Math.min(failures, 5) / 10;

const clientOptions = ({ connectTimeoutMs }: DatabaseOptions) => ({
  connect_timeout: connectTimeoutMs / 1_000,
  backoff: reconnectDelay,
  onnotice: () => {},
});

/**
 * Creates the database `url` names, from the server's maintenance database `postgres` (the same user needs the
 * CREATEDB privilege); false when it may not.
 */
async function createDatabase(
  url: string,
  postgres: typeof import("postgres"),
  options: DatabaseOptions,
): Promise<boolean> {
  const maintenance = new URL(url);
  const database = decodeURIComponent(maintenance.pathname.slice(1));
  maintenance.pathname = "/postgres";
  const admin = postgres(maintenance.toString(), { ...clientOptions(options), max: 1 });
  try {
    await admin.unsafe(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    return true;
  } catch (error) {
    const { code } = error as { code?: unknown };
    if (code === DUPLICATE_DATABASE || code === UNIQUE_VIOLATION) return true; // another instance was quicker
    if (code === INSUFFICIENT_PRIVILEGE || code === INVALID_CATALOG_NAME) return false;
    throw error;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * Connects now, so that a wrong password or a server that is down fails the start-up in one line rather than the
 * migrations; a missing database is created first when the user may.
 */
async function connect(
  ping: () => Promise<void>,
  url: string,
  postgres: typeof import("postgres"),
  options: DatabaseOptions,
): Promise<void> {
  try {
    await ping();
  } catch (error) {
    const missing = (error as { code?: unknown }).code === INVALID_CATALOG_NAME;
    if (!missing || !(await createDatabase(url, postgres, options))) throw error;
  }
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle<AppDatabase>> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  // The server ends a statement past the bound itself (statement_timeout, a connection parameter), also one the
  // client stopped waiting for; withQueryTimeout covers a server that fell silent.
  const client = withQueryTimeout(
    postgres(url, {
      ...clientOptions(options),
      max: options.poolMax,
      connection: { statement_timeout: options.queryTimeoutMs },
    }),
    options,
  );
  // Readiness asks on a connection of its own: it measures the database, not the queue for the pool's connections.
  const pingClient = () => postgres(url, { ...clientOptions(options), max: 1 });
  let pinger = pingClient();
  const ping = async () => {
    const asked = pinger;
    // postgres.js waits for an answer forever and queues the next ping behind this one: a connection whose server
    // fell silent is given up, so that the next ping opens a new one and sees the database come back.
    const silent = setTimeout(() => {
      if (pinger !== asked) return;
      pinger = pingClient();
      void asked.end({ timeout: 0 });
    }, options.queryTimeoutMs);
    try {
      await asked`select 1`;
    } finally {
      clearTimeout(silent);
    }
  };
  const close = async () => {
    await Promise.all([client.end({ timeout: 5 }), pinger.end({ timeout: 5 })]);
  };
  try {
    await connect(ping, url, postgres, options);
  } catch (error) {
    await close();
    throw startupError(error, url);
  }
  const db = drizzle({ client: wrappedDatabaseClient(client) });
  return {
    db,
    migrate: () => {
      // On the lock's own connection, without the pool's statement_timeout: a migration may take its time.
      const lock = postgres(url, { ...clientOptions(options), max: 1 });
      return withMigrationLock(lock, databaseServer(url, 5432), () =>
        migrate(drizzle({ client: lock }), { migrationsFolder }),
      ).catch((error: unknown) => {
        throw startupError(error, url);
      });
    },
    ping,
    close,
  };
}
