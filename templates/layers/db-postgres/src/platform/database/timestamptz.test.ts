import { afterAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { integer, pgTable } from "drizzle-orm/pg-core";
import { openTestDatabase } from "../../../test/support/test-database.ts";
import { parseTimestamptz, timestamptz } from "./timestamptz.ts";

describe("parseTimestamptz", () => {
  test("reads PostgreSQL's text exactly, two-digit years too", () => {
    for (const [text, iso] of [
      ["0001-01-01 00:00:00+00", "0001-01-01T00:00:00.000Z"],
      ["0050-06-01 12:30:00.5+00", "0050-06-01T12:30:00.500Z"],
      ["0099-12-31 23:59:59.999+00", "0099-12-31T23:59:59.999Z"],
      ["2025-01-02 03:04:05.678+00", "2025-01-02T03:04:05.678Z"],
      ["2025-01-02 03:04:05.029+00", "2025-01-02T03:04:05.029Z"],
      ["9999-12-31 23:59:59.999+00", "9999-12-31T23:59:59.999Z"],
    ]) {
      expect(parseTimestamptz(text as string).toISOString()).toBe(iso as string);
    }
  });

  test("applies the session time zone's offset, seconds and BC included", () => {
    expect(parseTimestamptz("2024-12-31 19:00:00.5-05").toISOString()).toBe("2025-01-01T00:00:00.500Z");
    expect(parseTimestamptz("2025-01-01 05:30:00+05:30").toISOString()).toBe("2025-01-01T00:00:00.000Z");
    // 0001-01-01T00:00:00Z as PostgreSQL prints it in America/New_York (local mean time before 1883).
    expect(parseTimestamptz("0001-12-31 19:03:58-04:56:02 BC").toISOString()).toBe("0001-01-01T00:00:00.000Z");
  });

  test("refuses what is no timestamptz", () => {
    expect(() => parseTimestamptz("infinity")).toThrow("Not a PostgreSQL timestamptz: infinity");
  });
});

const database = await openTestDatabase();
afterAll(() => database?.dispose());

describe.skipIf(!database)(`timestamptz columns on ${database?.name ?? "a database server"}`, () => {
  const db = database?.handle.db;
  if (!db) return;
  const probes = pgTable("timestamptz_probes", { id: integer("id").primaryKey(), at: timestamptz("at").notNull() });

  test("give back every time of the years 1 to 9999 as it was written", async () => {
    await db.execute(
      sql`create table timestamptz_probes (id integer primary key, at timestamp (3) with time zone not null)`,
    );
    const times = [
      "0001-01-01T00:00:00.000Z",
      "0050-06-01T12:30:00.500Z",
      "0099-12-31T23:59:59.999Z",
      "1969-12-31T23:59:59.999Z",
      "9999-12-31T23:59:59.999Z",
    ];
    await db.insert(probes).values(times.map((time, id) => ({ id, at: new Date(time) })));
    const rows = await db.select().from(probes).orderBy(probes.id);
    expect(rows.map((row) => row.at.toISOString())).toEqual(times);
  });
});
