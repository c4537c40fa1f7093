import { describe, expect, test } from "bun:test";
import { InMemoryRefreshTokenRepository, InMemoryUserRepository } from "../../test/support/in-memory.ts";
import type { Principal } from "../auth/principal.ts";
import { PrincipalCache } from "../auth/principal-cache.ts";
import { UserService } from "./user.service.ts";

const admin: Principal = { id: 1_000, email: "admin@example.com", isAdmin: true };

function setup() {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const principals = new PrincipalCache({ users, adminEmails: [admin.email] });
  return { users, refreshTokens, principals, service: new UserService({ users, refreshTokens, principals }) };
}

async function createUser(users: InMemoryUserRepository, email: string): Promise<Principal> {
  const { id } = await users.create({ email, passwordHash: "x" }, new Date(0));
  return { id, email, isAdmin: false };
}

describe("UserService", () => {
  test("update changes the e-mail (trimmed, lower-cased) and the update time; unknown ids are NOT_FOUND", async () => {
    const { users, service } = setup();
    const user = await createUser(users, "a@example.com");
    const updated = await service.update(user, user.id, { email: " B@Example.com " });
    expect(updated.email).toBe("b@example.com");
    expect(updated.updatedAt.getTime()).toBeGreaterThan(0);
    await expect(service.update(admin, 99, { email: "c@example.com" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("update to an e-mail in use, in any spelling, is a CONFLICT", async () => {
    const { users, service } = setup();
    await createUser(users, "a@example.com");
    const other = await createUser(users, "b@example.com");
    await expect(service.update(other, other.id, { email: "A@example.com" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  test("delete is soft, hides the user and revokes the user's refresh tokens", async () => {
    const { users, refreshTokens, service } = setup();
    const user = await createUser(users, "a@example.com");
    const token = { userId: user.id, familyId: "f", tokenHash: "h", expiresAt: new Date(Date.now() + 60_000) };
    await refreshTokens.save(token, new Date());
    await service.delete(user, user.id);
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect(refreshTokens.rows[0]?.revokedAt).toBeInstanceOf(Date);
    await expect(service.get(user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(service.delete(admin, user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([]);
  });

  test("a user may update and delete only their own record: FORBIDDEN otherwise, also for an unknown id", async () => {
    const { users, service } = setup();
    const ada = await createUser(users, "ada@example.com");
    const bob = await createUser(users, "bob@example.com");
    await expect(service.update(ada, bob.id, { email: "x@example.com" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(service.delete(ada, bob.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(service.delete(ada, 99)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await service.get(bob.id)).email).toBe("bob@example.com");
  });

  test("an administrator may update and delete everyone", async () => {
    const { users, service } = setup();
    const bob = await createUser(users, "bob@example.com");
    expect((await service.update(admin, bob.id, { email: "bobby@example.com" })).email).toBe("bobby@example.com");
    await service.delete(admin, bob.id);
    await expect(service.get(bob.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("update and delete drop the user's cached principal on this instance at once", async () => {
    const { users, principals, service } = setup();
    const ada = await createUser(users, "ada@example.com");
    expect(await principals.find(ada.id)).toEqual(ada);
    await service.update(ada, ada.id, { email: "admin@example.com" });
    expect(await principals.find(ada.id)).toEqual({ id: ada.id, email: "admin@example.com", isAdmin: true });
    await service.delete(ada, ada.id);
    expect(await principals.find(ada.id)).toBeUndefined();
  });
});
