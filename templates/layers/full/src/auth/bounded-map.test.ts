import { describe, expect, test } from "bun:test";
import { BoundedMap } from "./bounded-map.ts";

describe("BoundedMap", () => {
  test("holds at most maxEntries: storing one more drops the key stored longest ago", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([undefined, 2, 3]);
  });

  test("storing a key again makes it the newest", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    map.set("c", 3);
    expect([map.get("a"), map.get("b"), map.get("c")]).toEqual([10, undefined, 3]);
  });

  test("delete removes a key", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.delete("a");
    expect(map.get("a")).toBeUndefined();
    expect(map.size).toBe(0);
  });
});
