import { describe, expect, test } from "bun:test";
import { UserService } from "./user.service.ts";
import { InMemoryUserRepository } from "./users.in-memory.ts";

function setup() {
  let tick = 0;
  const users = new InMemoryUserRepository();
  const service = new UserService({ users, clock: () => new Date(Date.UTC(2025, 0, 1) + tick++ * 1_000) });
  return { users, service };
}

describe("UserService", () => {
  test("create normalises the e-mail and stores a missing name as null", async () => {
    const { service } = setup();
    const ada = await service.create({ email: " Ada@Example.com ", name: "Ada" });
    expect(ada).toMatchObject({ id: 1, email: "ada@example.com", name: "Ada" });
    expect(ada.createdAt).toEqual(ada.updatedAt);
    expect((await service.create({ email: "bob@example.com" })).name).toBeNull();
  });

  test("a taken e-mail, in any spelling, is a CONFLICT on create and update", async () => {
    const { service } = setup();
    await service.create({ email: "a@example.com" });
    const other = await service.create({ email: "b@example.com" });
    await expect(service.create({ email: "A@example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(service.update(other.id, { email: "A@Example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("a deleted user's e-mail can be used again, by a new user (like the database's index over live rows)", async () => {
    const { service } = setup();
    const old = await service.create({ email: "a@example.com" });
    await service.delete(old.id);
    const again = await service.create({ email: "A@example.com" });
    expect(again.id).not.toBe(old.id);
    await expect(service.create({ email: "a@example.com" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  test("get and list; unknown ids are NOT_FOUND", async () => {
    const { service } = setup();
    const a = await service.create({ email: "a@example.com" });
    const b = await service.create({ email: "b@example.com" });
    expect(await service.get(a.id)).toEqual(a);
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([a, b]);
    expect(await service.list({ limit: 1, offset: 1 })).toEqual([b]);
    await expect(service.get(99)).rejects.toMatchObject({ code: "NOT_FOUND", message: "User 99 not found" });
  });

  test("update replaces the e-mail and the name (a missing name becomes null) and moves the update time", async () => {
    const { service } = setup();
    const a = await service.create({ email: "a@example.com", name: "A" });
    const updated = await service.update(a.id, { email: "New@Example.com" });
    expect(updated).toMatchObject({ id: a.id, email: "new@example.com", name: null, createdAt: a.createdAt });
    expect(updated.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());
    await expect(service.update(99, { email: "c@example.com" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("delete is soft and hides the user; deleting again is NOT_FOUND", async () => {
    const { users, service } = setup();
    const a = await service.create({ email: "a@example.com" });
    await service.delete(a.id);
    expect(users.rows[0]?.deletedAt).toBeInstanceOf(Date);
    await expect(service.get(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await service.list({ limit: 10, offset: 0 })).toEqual([]);
    await expect(service.delete(a.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
