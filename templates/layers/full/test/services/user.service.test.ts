import { describe, expect, test } from "bun:test";
import { UserService } from "../../src/services/user.service.ts";
import { InMemoryRefreshTokenRepository, InMemoryUserRepository } from "../support/in-memory.ts";

function setup() {
  const users = new InMemoryUserRepository();
  const refreshTokens = new InMemoryRefreshTokenRepository();
  return { users, refreshTokens, service: new UserService({ users, refreshTokens }) };
}

describe("UserService", () => {
  test("update changes the e-mail and the update time; unknown ids are NOT_FOUND", async () => {
    const { users, service } = setup();
    const created = await users.create({ email: "a@example.com", passwordHash: "x" }, new Date(0));
    const updated = await service.update(created.id, { email: "b@example.com" });
    expect(updated.email).toBe("b@example.com");
    expect(updated.updatedAt.getTime()).toBeGreaterThan(0);
    await expect(service.update(99, { email: "c@example.com" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("update to an e-mail in use is a CONFLICT", async () => {
    const { users, service } = setup();
    await users.create({ email: "a@example.com", passwordHash: "x" }, new Date());
    const other = await users.create({ email: "b@example.com", passwordHash: "x" }, new Date());
    await expect(service.update(other.id, { email: "a@example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("delete is soft, hides the user and revokes the user's refresh tokens", async () => {
    const { users, refreshTokens, service } = setup();
    const user = await users.create({ email: "a@example.com", passwordHash: "x" }, new Date());
    await refreshTokens.save({ userId: user.id, tokenHash: "h", expiresAt: new Date(Date.now() + 60_000) }, new Date());
    await service.delete(user.id);
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect(refreshTokens.rows[0]?.revokedAt).toBeInstanceOf(Date);
    await expect(service.get(user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(service.delete(user.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([]);
  });
});
