import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { AppDatabase } from "../adapters/persistence/dialect.ts";
import { wrappedDatabaseClient } from "./database-client.ts";
import type { DatabaseHandle } from "./database-handle.ts";

const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/**
 * `postgres://` / `postgresql://` -> postgres.js; `pglite:<directory>` -> embedded PGlite stored there;
 * `pglite:memory:` -> PGlite in memory (tests). Drivers are imported lazily: only the one in use is loaded.
 */
export async function openDatabase(url: string): Promise<DatabaseHandle<AppDatabase>> {
  if (url.startsWith("pglite:")) return openPglite(url.slice("pglite:".length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or pglite: (got "${url.split(":")[0]}:")`);
}

async function openPglite(directory: string): Promise<DatabaseHandle<AppDatabase>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = directory === "" || directory === "memory:";
  if (!inMemory) mkdirSync(directory, { recursive: true });
  const client = inMemory ? new PGlite() : new PGlite(directory);
  const db = drizzle({ client: wrappedDatabaseClient(client) });
  return {
    db,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle<AppDatabase>> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: 10, connect_timeout: 5, onnotice: () => {} });
  const db = drizzle({ client: wrappedDatabaseClient(client) });
  return {
    db,
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await client`select 1`;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** A database without a connection (the OpenAPI export): queries can be built and prepared, never run. */
export async function offlineDatabase(): Promise<AppDatabase> {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  return drizzle.mock();
}
