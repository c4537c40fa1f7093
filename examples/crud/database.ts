/** The embedded database: PGlite in memory (or in `PGLITE_DIR`), with the tables and seed rows on first use. */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { createTables } from "./schema.ts";
import { seed } from "./seed.ts";

export async function openDatabase(dataDir?: string): Promise<{ db: PgliteDatabase; close: () => Promise<void> }> {
  const client = new PGlite(dataDir);
  const db = drizzle({ client });
  const existing = await db.execute(sql`select 1 from information_schema.tables where table_name = 'authors'`);
  if (existing.rows.length === 0) {
    await client.exec(createTables);
    await seed(db);
  }
  return { db, close: () => client.close() };
}
