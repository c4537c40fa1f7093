import { afterEach, expect, test } from "bun:test";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { loadTemplates } from "../../src/generate/template-source.ts";
import type { TemplateTree } from "../../src/generate/template-tree.ts";

afterEach(() => {
  globalThis.__SCAFFOLD_TEMPLATES__ = undefined;
});

const request = { ref: null, source: null, offline: true, cacheDir: "/nonexistent", cliVersion: pkg.version, cwd: "/" };

test("from source, the embedded templates are the repository's templates/ folder", async () => {
  const fromDisk = await loadTemplateDir(join(import.meta.dir, "../../templates"));
  expect((await loadTemplates(request)).tree).toEqual(fromDisk);
});

test("in the binary, the tree put on globalThis.__SCAFFOLD_TEMPLATES__ is used as is", async () => {
  const tree: TemplateTree = {
    manifest: {
      formatVersion: 1,
      version: "7.7.7",
      available: { template: ["full"], database: ["sqlite"], observability: ["none"] },
      layers: [],
    },
    files: {},
  };
  globalThis.__SCAFFOLD_TEMPLATES__ = tree;
  expect((await loadTemplates(request)).tree).toBe(tree);
});

test("an embedded tree of another format is refused with a clear message", async () => {
  globalThis.__SCAFFOLD_TEMPLATES__ = { manifest: { formatVersion: 2 }, files: {} } as unknown as TemplateTree;
  await expect(loadTemplates(request)).rejects.toThrow(
    `The templates from scaffold ${pkg.version} (embedded) use format 2, but this scaffold understands format 1`,
  );
});
