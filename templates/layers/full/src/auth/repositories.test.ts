import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { fakeHasher } from "../../test/support/in-memory.ts";
import { openTestDatabase } from "../../test/support/test-database.ts";
import { DrizzleUserRepository } from "../users/users.repository.ts";
import { users as usersTable } from "../users/users.table.ts";
import { AuthService } from "./auth.service.ts";
import { DrizzleCredentialRepository } from "./credentials.repository.ts";
import { JwtTokenIssuer } from "./jwt-token-issuer.ts";
import { PrincipalCache } from "./principal-cache.ts";
import type { StoredRefreshToken } from "./refresh-tokens.port.ts";
import { DrizzleRefreshTokenRepository } from "./refresh-tokens.repository.ts";
import { UserSessions } from "./user-sessions.ts";

// Runs against the real database adapter, on the database test/support/test-database.ts opens (docs/database.md).
const database = await openTestDatabase();
afterAll(() => database?.dispose());

describe.skipIf(!database)(`repositories on ${database?.name ?? "a database server"}`, () => {
  const db = database?.handle.db;
  if (!db) return;
  const users = new DrizzleUserRepository(db);
  const credentials = new DrizzleCredentialRepository(db);
  const refreshTokens = new DrizzleRefreshTokenRepository(db);
  const now = new Date("2025-01-02T03:04:05.678Z");

  test("create, find and list users; timestamps round-trip exactly", async () => {
    const ada = await users.create({ email: "ada@example.com", passwordHash: "hash-a" }, now);
    expect(ada).toEqual({ id: ada.id, email: "ada@example.com", createdAt: now, updatedAt: now });
    expect(await users.findById(ada.id)).toEqual(ada);
    expect(await credentials.findCredentials("ada@example.com")).toEqual({ user: ada, passwordHash: "hash-a" });
    expect(await credentials.findCredentials("nobody@example.com")).toBeUndefined();
    const bob = await users.create({ email: "bob@example.com", passwordHash: "hash-b" }, now);
    expect(await users.list({ limit: 10, offset: 0 })).toEqual([ada, bob]);
    expect(await users.list({ limit: 1, offset: 1 })).toEqual([bob]);
  });

  test("a taken e-mail is a CONFLICT on create and update", async () => {
    await expect(users.create({ email: "ada@example.com", passwordHash: "x" }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const bob = await credentials.findCredentials("bob@example.com");
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
    expect(await credentials.findCredentials("dave@example.com")).toBeUndefined();
    expect(await users.softDelete(dave.id, later)).toBe(false);
    const [row] = await db.select().from(usersTable).where(eq(usersTable.id, dave.id));
    expect(row?.deletedAt).toEqual(later);
  });

  test("a soft-deleted user's e-mail can be registered again; two live users still cannot share one", async () => {
    const old = await users.create({ email: "hal@example.com", passwordHash: "old-hash" }, now);
    expect(await users.softDelete(old.id, now)).toBe(true);
    const again = await users.create({ email: "hal@example.com", passwordHash: "new-hash" }, now);
    expect(again.id).not.toBe(old.id);
    expect(await credentials.findCredentials("hal@example.com")).toEqual({ user: again, passwordHash: "new-hash" });
    await expect(users.create({ email: "hal@example.com", passwordHash: "x" }, now)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const ivy = await users.create({ email: "ivy@example.com", passwordHash: "x" }, now);
    await expect(users.update(ivy.id, { email: "hal@example.com" }, now)).rejects.toMatchObject({ code: "CONFLICT" });
    // Deleting the second account too frees the e-mail again: deleted rows never collide with each other.
    expect(await users.softDelete(again.id, now)).toBe(true);
    expect((await users.update(ivy.id, { email: "hal@example.com" }, now))?.email).toBe("hal@example.com");
  });

  test("of concurrent registrations of one e-mail exactly one succeeds; the others are CONFLICT", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, n) => users.create({ email: "jo@example.com", passwordHash: `hash-${n}` }, now)),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ code: "CONFLICT" });
    }
  });

  test("refresh tokens: found by hash with family, expiry and revocation; revoking a family or all of a user's", async () => {
    const erin = await users.create({ email: "erin@example.com", passwordHash: "x" }, now);
    const expiresAt = new Date(now.getTime() + 60_000);
    const token = (hash: string, familyId: string) => ({
      userId: erin.id,
      familyId,
      tokenHash: hash.repeat(64),
      expiresAt,
    });
    await refreshTokens.save(token("a", "family-1"), now);
    await refreshTokens.save(token("b", "family-1"), now);
    await refreshTokens.save(token("c", "family-2"), now);
    const a = await refreshTokens.findByHash("a".repeat(64));
    expect(a).toEqual({ id: expect.any(Number), userId: erin.id, familyId: "family-1", expiresAt, revokedAt: null });
    expect(await refreshTokens.findByHash("z".repeat(64))).toBeUndefined();
    await refreshTokens.revokeFamily("family-1", now);
    expect((await refreshTokens.findByHash("b".repeat(64)))?.revokedAt).toEqual(now);
    expect((await refreshTokens.findByHash("c".repeat(64)))?.revokedAt).toBeNull();
    await refreshTokens.revokeAllOfUser(erin.id, now);
    expect((await refreshTokens.findByHash("c".repeat(64)))?.revokedAt).toEqual(now);
  });

  test("revokeIfActive is atomic: of 20 concurrent calls for one token exactly one wins", async () => {
    const fay = await users.create({ email: "fay@example.com", passwordHash: "x" }, now);
    const expiresAt = new Date(now.getTime() + 60_000);
    await refreshTokens.save({ userId: fay.id, familyId: "family-3", tokenHash: "d".repeat(64), expiresAt }, now);
    const { id } = (await refreshTokens.findByHash("d".repeat(64))) as StoredRefreshToken;
    const wins = await Promise.all(Array.from({ length: 20 }, () => refreshTokens.revokeIfActive(id, now)));
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect(await refreshTokens.revokeIfActive(id, now)).toBe(false);
  });

  test("the reads of every request are prepared statements: no query is built per call", async () => {
    const reader = new DrizzleUserRepository(db);
    const credentialReader = new DrizzleCredentialRepository(db);
    const tokenReader = new DrizzleRefreshTokenRepository(db);
    const select = spyOn(db, "select");
    try {
      const ada = await credentialReader.findCredentials("ada@example.com");
      expect(await reader.findById(ada?.user.id ?? 0)).toEqual(ada?.user);
      expect(await reader.list({ limit: 1, offset: 0 })).toEqual(ada ? [ada.user] : []);
      expect(await tokenReader.findByHash("z".repeat(64))).toBeUndefined();
      expect(select).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  test("an account registered again with a deleted account's e-mail: login reaches it, the old tokens stay refused", async () => {
    const tokens = new JwtTokenIssuer({ secret: "a-test-secret-of-at-least-32-bytes!!", refreshTtlSeconds: 3600 });
    const auth = new AuthService({ users, credentials, refreshTokens, hasher: fakeHasher, tokens });
    const principals = new PrincipalCache({ users, adminEmails: [] });
    const sessions = new UserSessions({ refreshTokens, principals });
    const account = { email: "kim@example.com", password: "first-password" };
    const old = await auth.register(account);
    const oldId = (await tokens.verifyAccessToken(old.accessToken.token)) ?? 0;
    // What the users' DELETE does (src/users/users.routes.ts): the soft delete, then what it means for the sign-in.
    await users.softDelete(oldId, new Date());
    await sessions.deleted(oldId);

    const renewed = await auth.register({ ...account, password: "second-password" });
    const newId = await tokens.verifyAccessToken(renewed.accessToken.token);
    expect(newId).not.toBe(oldId);
    // The old access token still names the deleted row's id, which no live user has.
    expect(await principals.find(oldId)).toBeUndefined();
    expect(await principals.find(newId ?? 0)).toMatchObject({ id: newId, email: account.email });
    await expect(auth.refresh(old.refreshToken)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(auth.login(account)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const login = await auth.login({ ...account, password: "second-password" });
    expect(await tokens.verifyAccessToken(login.accessToken.token)).toBe(newId);
  });

  test("AuthService on this database: of 20 concurrent refreshes of one token exactly one succeeds", async () => {
    const tokens = new JwtTokenIssuer({ secret: "a-test-secret-of-at-least-32-bytes!!", refreshTtlSeconds: 3600 });
    const auth = new AuthService({ users, credentials, refreshTokens, hasher: fakeHasher, tokens });
    const pair = await auth.register({ email: "Gus@Example.com", password: "correct-horse" });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => auth.refresh(pair.refreshToken)));
    const winners = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(winners).toHaveLength(1);
    // The 19 others presented a rotated token: reuse, so the family is revoked, the winner's new token too.
    await expect(auth.refresh(winners[0]?.refreshToken ?? "")).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect((await auth.login({ email: "gus@example.com", password: "correct-horse" })).refreshToken).toBeString();
  });
});
