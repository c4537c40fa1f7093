import { describe, expect, test } from "bun:test";
import { type MergeEntry, planMerge } from "../../src/merge/plan-merge.ts";
import type { FileMap } from "../../src/merge/render-history.ts";

const LABELS = { base: "templates 1.0.0", theirs: "templates 1.1.0" };

const files = (entries: Record<string, string>): FileMap =>
  new Map(Object.entries(entries).map(([path, contents]) => [path, { contents, mode: 0o644 }]));

/** The plan for one file: its base, theirs and ours (undefined: no such file on that side). */
async function one(path: string, base?: string, theirs?: string, ours?: string): Promise<MergeEntry | undefined> {
  const side = (contents?: string) => files(contents === undefined ? {} : { [path]: contents });
  const plan = await planMerge(side(base), side(theirs), (p) => (p === path ? ours : undefined), LABELS);
  return plan.entries[0];
}

const SERVICE = "one\ntwo\nthree\nfour\nfive\nsix\nseven\n";

describe("planMerge: each file by what each side did", () => {
  test("unchanged by the templates: left as the project has it, edited or not", async () => {
    expect(await one("a.ts", SERVICE, SERVICE, `${SERVICE}mine\n`)).toBeUndefined();
    expect(await one("a.ts", SERVICE, SERVICE, SERVICE)).toBeUndefined();
  });

  test("unchanged by the project: the templates' version", async () => {
    const theirs = SERVICE.replace("two", "TWO");
    expect(await one("a.ts", SERVICE, theirs, SERVICE)).toEqual({ path: "a.ts", outcome: "updated", contents: theirs });
  });

  test("changed on both sides in other lines: both changes, no markers", async () => {
    const entry = await one("a.ts", SERVICE, SERVICE.replace("two", "TWO"), SERVICE.replace("six", "SIX"));
    expect(entry).toEqual({
      path: "a.ts",
      outcome: "merged",
      contents: SERVICE.replace("two", "TWO").replace("six", "SIX"),
    });
  });

  test("changed on both sides in the same lines: markers around those lines only", async () => {
    const entry = await one("a.ts", SERVICE, SERVICE.replace("two", "TWO"), SERVICE.replace("two", "deux"));
    expect(entry?.outcome).toBe("conflict");
    expect(entry?.conflicts).toBe(1);
    expect(entry?.contents).toBe(
      "one\n<<<<<<< yours\ndeux\n=======\nTWO\n>>>>>>> templates 1.1.0\nthree\nfour\nfive\nsix\nseven\n",
    );
  });

  test("the same change on both sides: nothing to do", async () => {
    const theirs = SERVICE.replace("two", "TWO");
    expect(await one("a.ts", SERVICE, theirs, theirs)).toBeUndefined();
  });

  test("added by the templates: added; where the project has its own file of that path, a conflict", async () => {
    expect(await one("new.ts", undefined, "new\n", undefined)).toEqual({
      path: "new.ts",
      outcome: "added",
      contents: "new\n",
      mode: 0o644,
    });
    const clash = await one("new.ts", undefined, "new\n", "mine\n");
    expect(clash?.outcome).toBe("conflict");
    expect(clash?.contents).toBe("<<<<<<< yours\nmine\n=======\nnew\n>>>>>>> templates 1.1.0\n");
  });

  test("removed by the templates: removed when unchanged, kept when the project changed it", async () => {
    expect(await one("old.ts", SERVICE, undefined, SERVICE)).toEqual({ path: "old.ts", outcome: "removed" });
    expect(await one("old.ts", SERVICE, undefined, `${SERVICE}mine\n`)).toEqual({
      path: "old.ts",
      outcome: "kept-changed",
    });
    expect(await one("old.ts", SERVICE, undefined, undefined)).toBeUndefined();
  });

  test("deleted by the project: stays deleted, and the plan says so", async () => {
    expect(await one("a.ts", SERVICE, SERVICE.replace("two", "TWO"), undefined)).toEqual({
      path: "a.ts",
      outcome: "kept-deleted",
    });
  });

  test("lock files and .env are never touched; a binary file is never merged line-wise", async () => {
    for (const path of [".env", "package-lock.json", "bun.lock", "deno.lock"]) {
      expect(await one(path, "a=1\n", "a=2\n", "a=3\n")).toBeUndefined();
    }
    expect(await one("logo.png", "\0a", "\0b", "\0c")).toEqual({ path: "logo.png", outcome: "conflict", conflicts: 1 });
  });
});

describe("planMerge: package.json, scaffold.json and .env.example by key", () => {
  const base = { name: "shop", scripts: { test: "bun test" }, dependencies: { hono: "4.0.0", zod: "4.0.0" } };

  test("a dependency bumped upstream, another added by the project: both, in the project's indentation", async () => {
    // npm keeps dependencies sorted: the new one takes its place in the order.
    const ours = { ...base, dependencies: { hono: "4.0.0", pino: "9.0.0", zod: "4.0.0" } };
    const theirs = { ...base, dependencies: { ...base.dependencies, hono: "4.1.0", "hono-rate": "1.0.0" } };
    const entry = await one(
      "package.json",
      `${JSON.stringify(base, null, 2)}\n`,
      `${JSON.stringify(theirs, null, 2)}\n`,
      `${JSON.stringify(ours, null, "\t")}\n`,
    );
    expect(entry?.outcome).toBe("merged");
    expect(entry?.contents).toBe(
      `${JSON.stringify({ ...base, dependencies: { hono: "4.1.0", "hono-rate": "1.0.0", pino: "9.0.0", zod: "4.0.0" } }, null, "\t")}\n`,
    );
  });

  test("the same key changed on both sides: the project's value kept, the key named as a conflict", async () => {
    const ours = { ...base, dependencies: { ...base.dependencies, hono: "4.0.5" } };
    const theirs = { ...base, dependencies: { ...base.dependencies, hono: "4.1.0" } };
    const entry = await one(
      "package.json",
      JSON.stringify(base),
      JSON.stringify(theirs),
      JSON.stringify(ours, null, 2),
    );
    expect(entry?.outcome).toBe("conflict");
    expect(entry?.conflicts).toEqual(["dependencies.hono"]);
    expect(JSON.parse(entry?.contents ?? "").dependencies.hono).toBe("4.0.5");
  });

  test(".env.example: a variable added after the one it follows, a changed default, the project's own kept", async () => {
    const was = "# Port\nPORT=3000\nLOG_LEVEL=info\n";
    const now = "# Port\nPORT=3000\n# Requests per minute\nRATE=100\nLOG_LEVEL=debug\n";
    const ours = "# Port\nPORT=3000\nLOG_LEVEL=info\nMY_FLAG=1\n";
    const entry = await one(".env.example", was, now, ours);
    expect(entry).toEqual({
      path: ".env.example",
      outcome: "merged",
      contents: "# Port\nPORT=3000\n# Requests per minute\nRATE=100\nLOG_LEVEL=debug\nMY_FLAG=1\n",
    });
    const clash = await one(".env.example", was, now, "# Port\nPORT=3000\nLOG_LEVEL=warn\n");
    expect(clash?.outcome).toBe("conflict");
    expect(clash?.conflicts).toEqual(["LOG_LEVEL"]);
  });
});
