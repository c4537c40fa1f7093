import { describe, expect, test } from "bun:test";
import { InMemoryRefreshTokenRepository } from "../../test/support/in-memory.ts";
import { InMemoryUserRepository } from "../users/users.in-memory.ts";
import { PrincipalCache } from "./principal-cache.ts";
import { UserSessions } from "./user-sessions.ts";

async function setup() {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  const principals = new PrincipalCache({ users, adminEmails: ["admin@example.com"] });
  const ada = await users.create({ email: "ada@example.com", passwordHash: "x" }, new Date(0));
  return { users, refreshTokens, principals, ada, sessions: new UserSessions({ refreshTokens, principals }) };
}

describe("UserSessions", () => {
  test("a change drops the user's cached principal on this instance at once", async () => {
    const { users, principals, ada, sessions } = await setup();
    expect(await principals.find(ada.id)).toEqual({ id: ada.id, email: "ada@example.com", isAdmin: false });
    await users.update(ada.id, { email: "admin@example.com" }, new Date());
    sessions.changed(ada.id);
    expect(await principals.find(ada.id)).toEqual({ id: ada.id, email: "admin@example.com", isAdmin: true });
  });

  test("a deletion drops the cached principal and revokes the user's refresh tokens", async () => {
    const { users, refreshTokens, principals, ada, sessions } = await setup();
    const token = { userId: ada.id, familyId: "f", tokenHash: "h", expiresAt: new Date(Date.now() + 60_000) };
    await refreshTokens.save(token, new Date());
    expect(await principals.find(ada.id)).toBeDefined();
    await users.softDelete(ada.id, new Date());
    await sessions.deleted(ada.id);
    expect(await principals.find(ada.id)).toBeUndefined();
    expect(refreshTokens.rows[0]?.revokedAt).toBeInstanceOf(Date);
  });
});
