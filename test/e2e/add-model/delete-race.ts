import { expect } from "bun:test";

/** What the race needs of an API (REST or GraphQL): each call answers whether it succeeded. */
export interface ParentChildApi {
  createParent(name: string): Promise<string>;
  createChild(parentId: string): Promise<boolean>;
  deleteParent(parentId: string): Promise<boolean>;
  parentLive(parentId: string): Promise<boolean>;
}

/**
 * Deleting a category while a product is created in it, at the same time, many times: never both succeed (a live
 * product under a deleted category); the category is live exactly when the product was created.
 */
export async function checkDeleteRace(api: ParentChildApi, rounds = 20): Promise<void> {
  const outcomes = new Set<string>();
  for (let round = 0; round < rounds; round++) {
    const parentId = await api.createParent(`Race ${round}`);
    const [created, deleted] = await Promise.all([api.createChild(parentId), api.deleteParent(parentId)]);
    expect({ round, created, deleted, live: await api.parentLive(parentId) }).toEqual({
      round,
      created,
      deleted: !created,
      live: created,
    });
    outcomes.add(created ? "child first" : "delete first");
  }
  expect(outcomes.size).toBeGreaterThanOrEqual(1);
}
