import { describe, expect, test } from "bun:test";
import type { User } from "../users/user.ts";
import { InMemoryUserRepository } from "../users/users.in-memory.ts";
import { PrincipalCache } from "./principal-cache.ts";

/** The in-memory repository, counting the look-ups that reach it. */
function countingUsers() {
  const users = new InMemoryUserRepository();
  const counted = {
    lookups: 0,
    findById(id: number): Promise<User | undefined> {
      counted.lookups++;
      return users.findById(id);
    },
  };
  return { users, counted };
}

describe("PrincipalCache", () => {
  test("a live user's principal carries isAdmin from the administrators' e-mails", async () => {
    const { users, counted } = countingUsers();
    const ada = await users.create({ email: "ada@example.com", passwordHash: "x" }, new Date());
    const bob = await users.create({ email: "bob@example.com", passwordHash: "x" }, new Date());
    const cache = new PrincipalCache({ users: counted, adminEmails: ["bob@example.com"] });
    expect(await cache.find(ada.id)).toEqual({ id: ada.id, email: "ada@example.com", isAdmin: false });
    expect(await cache.find(bob.id)).toEqual({ id: bob.id, email: "bob@example.com", isAdmin: true });
    expect(await cache.find(99)).toBeUndefined();
  });

  test("answers from memory within the TTL (also for unknown users), asks the repository again after it", async () => {
    const { users, counted } = countingUsers();
    let now = 0;
    const cache = new PrincipalCache({ users: counted, adminEmails: [], ttlMs: 1_000, now: () => now });
    const ada = await users.create({ email: "ada@example.com", passwordHash: "x" }, new Date());
    await cache.find(ada.id);
    await cache.find(99);
    now = 999;
    await cache.find(ada.id);
    await cache.find(99);
    expect(counted.lookups).toBe(2);
    await users.softDelete(ada.id, new Date());
    expect(await cache.find(ada.id)).toBeDefined(); // another instance's deletion: seen once the entry expires
    now = 1_000;
    expect(await cache.find(ada.id)).toBeUndefined();
    expect(counted.lookups).toBe(3);
  });

  test("forget drops one entry at once", async () => {
    const { users, counted } = countingUsers();
    const cache = new PrincipalCache({ users: counted, adminEmails: [] });
    const ada = await users.create({ email: "ada@example.com", passwordHash: "x" }, new Date());
    await cache.find(ada.id);
    await users.softDelete(ada.id, new Date());
    cache.forget(ada.id);
    expect(await cache.find(ada.id)).toBeUndefined();
  });

  test("a look-up under way while the user is forgotten does not store its stale answer", async () => {
    const { users, counted } = countingUsers();
    const cache = new PrincipalCache({ users: counted, adminEmails: [] });
    const ada = await users.create({ email: "ada@example.com", passwordHash: "x" }, new Date());
    const underway = cache.find(ada.id);
    await users.softDelete(ada.id, new Date());
    cache.forget(ada.id);
    expect(await underway).toBeDefined(); // it read the row before the deletion
    expect(await cache.find(ada.id)).toBeUndefined();
  });

  test("holds at most maxEntries: the oldest entry goes first", async () => {
    const { counted } = countingUsers();
    const cache = new PrincipalCache({ users: counted, adminEmails: [], maxEntries: 2 });
    for (const id of [1, 2, 3]) await cache.find(id);
    await cache.find(3);
    await cache.find(2);
    expect(counted.lookups).toBe(3);
    await cache.find(1);
    expect(counted.lookups).toBe(4);
  });
});
