import { afterAll, describe, expect, test } from "bun:test";
import { openTestDatabase } from "../../test/support/test-database.ts";
import { DrizzleAttemptCounter } from "./auth-attempts.repository.ts";

// Runs against the real database adapter, on the database test/support/test-database.ts opens (docs/database.md).
const database = await openTestDatabase();
afterAll(() => database?.dispose());

describe.skipIf(!database)(`attempt counter on ${database?.name ?? "a database server"}`, () => {
  const db = database?.handle.db;
  if (!db) return;
  const counter = new DrizzleAttemptCounter(db);
  const start = new Date("2025-01-02T03:04:05.678Z");
  const later = (ms: number) => new Date(start.getTime() + ms);

  test("counts per key within the window, restarts it once ended", async () => {
    const windowEnd = later(60_000);
    expect(await counter.hit("a", 60_000, start)).toEqual({ attempts: 1, endsAt: windowEnd });
    expect(await counter.hit("a", 60_000, later(1_000))).toEqual({ attempts: 2, endsAt: windowEnd });
    expect(await counter.hit("b", 60_000, later(1_000))).toEqual({ attempts: 1, endsAt: later(61_000) });
    expect(await counter.hit("a", 60_000, windowEnd)).toEqual({ attempts: 1, endsAt: later(120_000) });
  });

  test("concurrent hits of one key each count once", async () => {
    const hits = await Promise.all(Array.from({ length: 20 }, () => counter.hit("c", 60_000, start)));
    expect(Math.max(...hits.map((hit) => hit.attempts))).toBe(20);
    expect(await counter.hit("c", 60_000, start)).toMatchObject({ attempts: 21 });
  });

  test("deleteEnded forgets only the ended windows", async () => {
    await counter.hit("d", 1_000, start);
    await counter.hit("e", 60_000, start);
    await counter.deleteEnded(later(1_000));
    expect(await counter.hit("d", 60_000, later(1_000))).toMatchObject({ attempts: 1 });
    expect(await counter.hit("e", 60_000, later(1_000))).toMatchObject({ attempts: 2 });
  });
});
