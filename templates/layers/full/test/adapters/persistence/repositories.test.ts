import { afterAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { DrizzleRefreshTokenRepository } from "../../../src/adapters/persistence/refresh-tokens.repository.ts";
import { DrizzleUserRepository } from "../../../src/adapters/persistence/users.repository.ts";
import { users as usersTable } from "../../../src/adapters/persistence/users.table.ts";
import { openTestDatabase } from "../../support/test-database.ts";

// Runs against the real database adapter: embedded (PGlite / SQLite) always, a server when DATABASE_URL names one.
const database = await openTestDatabase();
afterAll(() => database?.dispose());

describe.skipIf(!database)(`repositories on ${database?.name ?? "a database server"}`, () => {
  const db = database?.handle.db;
  if (!db) return;
  const users = new DrizzleUserRepository(db);
  const refreshTokens = new DrizzleRefreshTokenRepository(db);
  const now = new Date("2025-01-02T03:04:05.678Z");

  test("create, find and list users; timestamps round-trip exactly", async () => {
    const ada = await users.create({ email: "ada@example.com", passwordHash: "hash-a" }, now);
    expect(ada).toEqual({ id: ada.id, email: "ada@example.com", createdAt: now, updatedAt: now });
    expect(await users.findById(ada.id)).toEqual(ada);
    expect(await users.findCredentials("ada@example.com")).toEqual({ user: ada, passwordHash: "hash-a" });
    expect(await users.findCredentials("nobody@example.com")).toBeUndefined();
    const bob = await users.create({ email: "bob@example.com", passwordHash: "hash-b" }, now);
    expect(await users.list({ limit: 10, offset: 0 })).toEqual([ada, bob]);
    expect(await users.list({ limit: 1, offset: 1 })).toEqual([bob]);
  });

  test("a taken e-mail is a CONFLICT on create and update", async () => {
    await expect(users.create({ email: "ada@example.com", passwordHash: "x" }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const bob = await users.findCredentials("bob@example.com");
    await expect(users.update(bob?.user.id ?? 0, { email: "ada@example.com" }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  test("update changes the e-mail and update time", async () => {
    const later = new Date(now.getTime() + 1_000);
    const carol = await users.create({ email: "carol@example.com", passwordHash: "x" }, now);
    const updated = await users.update(carol.id, { email: "carol@new.example.com" }, later);
    expect(updated).toEqual({ ...carol, email: "carol@new.example.com", updatedAt: later });
    expect(await users.update(999_999, { email: "x@example.com" }, later)).toBeUndefined();
  });

  test("soft delete keeps the row with its deletion time and hides the user", async () => {
    const dave = await users.create({ email: "dave@example.com", passwordHash: "x" }, now);
    const later = new Date(now.getTime() + 2_000);
    expect(await users.softDelete(dave.id, later)).toBe(true);
    expect(await users.findById(dave.id)).toBeUndefined();
    expect(await users.findCredentials("dave@example.com")).toBeUndefined();
    expect(await users.softDelete(dave.id, later)).toBe(false);
    const [row] = await db.select().from(usersTable).where(eq(usersTable.id, dave.id));
    expect(row?.deletedAt).toEqual(later);
  });

  test("refresh tokens: active until revoked or expired; revoking all of a user's", async () => {
    const erin = await users.create({ email: "erin@example.com", passwordHash: "x" }, now);
    const expiresAt = new Date(now.getTime() + 60_000);
    await refreshTokens.save({ userId: erin.id, tokenHash: "a".repeat(64), expiresAt }, now);
    await refreshTokens.save({ userId: erin.id, tokenHash: "b".repeat(64), expiresAt }, now);
    const active = await refreshTokens.findActive("a".repeat(64), now);
    expect(active?.userId).toBe(erin.id);
    expect(await refreshTokens.findActive("a".repeat(64), expiresAt)).toBeUndefined();
    await refreshTokens.revoke(active?.id ?? 0, now);
    expect(await refreshTokens.findActive("a".repeat(64), now)).toBeUndefined();
    expect(await refreshTokens.findActive("b".repeat(64), now)).toBeDefined();
    await refreshTokens.revokeAllOfUser(erin.id, now);
    expect(await refreshTokens.findActive("b".repeat(64), now)).toBeUndefined();
  });
});
