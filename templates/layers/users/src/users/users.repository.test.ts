import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { openTestDatabase } from "../../test/support/test-database.ts";
import { DrizzleUserRepository } from "./users.repository.ts";
import { users as usersTable } from "./users.table.ts";

// Runs against the real database adapter, on the database test/support/test-database.ts opens (docs/database.md).
const database = await openTestDatabase();
afterAll(() => database?.dispose());

describe.skipIf(!database)(`user repository on ${database?.name ?? "a database server"}`, () => {
  const db = database?.handle.db;
  if (!db) return;
  const users = new DrizzleUserRepository(db);
  const now = new Date("2025-01-02T03:04:05.678Z");

  test("create, find and list users; names and timestamps round-trip exactly", async () => {
    const ada = await users.create({ email: "ada@example.com", name: "Ada Lovelace" }, now);
    expect(ada).toEqual({ id: ada.id, email: "ada@example.com", name: "Ada Lovelace", createdAt: now, updatedAt: now });
    expect(await users.findById(ada.id)).toEqual(ada);
    const bob = await users.create({ email: "bob@example.com", name: null }, now);
    expect(bob.name).toBeNull();
    expect(await users.list({ limit: 10, offset: 0 })).toEqual([ada, bob]);
    expect(await users.list({ limit: 1, offset: 1 })).toEqual([bob]);
    expect(await users.findById(999_999)).toBeUndefined();
  });

  test("a taken e-mail is a CONFLICT on create and update", async () => {
    await expect(users.create({ email: "ada@example.com", name: null }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const [, bob] = await users.list({ limit: 2, offset: 0 });
    await expect(users.update(bob?.id ?? 0, { email: "ada@example.com", name: null }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  test("update replaces the e-mail and the name and moves the update time", async () => {
    const later = new Date(now.getTime() + 1_000);
    const carol = await users.create({ email: "carol@example.com", name: "Carol" }, now);
    const updated = await users.update(carol.id, { email: "carol@new.example.com", name: null }, later);
    expect(updated).toEqual({ ...carol, email: "carol@new.example.com", name: null, updatedAt: later });
    expect(await users.update(999_999, { email: "x@example.com", name: null }, later)).toBeUndefined();
  });

  test("soft delete keeps the row with its deletion time and hides the user", async () => {
    const dave = await users.create({ email: "dave@example.com", name: null }, now);
    const later = new Date(now.getTime() + 2_000);
    expect(await users.softDelete(dave.id, later)).toBe(true);
    expect(await users.findById(dave.id)).toBeUndefined();
    expect((await users.list({ limit: 100, offset: 0 })).map((user) => user.id)).not.toContain(dave.id);
    expect(await users.softDelete(dave.id, later)).toBe(false);
    expect(await users.update(dave.id, { email: "dave@example.com", name: null }, later)).toBeUndefined();
    const [row] = await db.select().from(usersTable).where(eq(usersTable.id, dave.id));
    expect(row?.deletedAt).toEqual(later);
  });

  test("a soft-deleted user's e-mail can be taken again; two live users still cannot share one", async () => {
    const old = await users.create({ email: "hal@example.com", name: "Old Hal" }, now);
    expect(await users.softDelete(old.id, now)).toBe(true);
    const again = await users.create({ email: "hal@example.com", name: "New Hal" }, now);
    expect(again.id).not.toBe(old.id);
    expect(await users.findById(again.id)).toEqual(again);
    expect(await users.findById(old.id)).toBeUndefined();
    await expect(users.create({ email: "hal@example.com", name: null }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const ivy = await users.create({ email: "ivy@example.com", name: null }, now);
    await expect(users.update(ivy.id, { email: "hal@example.com", name: null }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // Once the second account is deleted too, the e-mail is free again: deleted rows never collide with each other.
    expect(await users.softDelete(again.id, now)).toBe(true);
    expect((await users.update(ivy.id, { email: "hal@example.com", name: null }, now))?.email).toBe("hal@example.com");
  });

  test("of concurrent creations with one e-mail exactly one succeeds; the others are CONFLICT", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => users.create({ email: "jo@example.com", name: `Jo ${n}` }, now)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    }
  });

  test("the reads of every request are prepared statements: no query is built per call", async () => {
    const reader = new DrizzleUserRepository(db);
    const select = spyOn(db, "select");
    try {
      const [first] = await reader.list({ limit: 1, offset: 0 });
      expect(await reader.findById(first?.id ?? 0)).toEqual(first);
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });
});
