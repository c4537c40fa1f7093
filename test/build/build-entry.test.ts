import { expect, test } from "bun:test";
import { join } from "node:path";
import { withGitBlobs } from "../../src/build/build-entry.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";

test("the embedded tree carries `git hash-object` of every template file without placeholders, and only of those", async () => {
  const dir = join(import.meta.dir, "../../templates");
  const tree = withGitBlobs(await loadTemplateDir(dir));
  const files = Object.entries(tree.files);
  const hashed = files.filter(([, file]) => file.gitBlob !== undefined);
  const plain = files.filter(([, file]) => file.gitBlob === undefined);
  expect(hashed.length).toBeGreaterThan(50);
  expect(plain.length).toBeGreaterThan(0);
  for (const [, file] of plain) expect(file.contents).toMatch(/__[A-Z][A-Z_]*[A-Z]__/);
  // One git process for all of them: paths on stdin, one hash per line.
  const result = Bun.spawnSync(["git", "hash-object", "--no-filters", "--stdin-paths"], {
    stdin: new TextEncoder().encode(hashed.map(([path]) => join(dir, path)).join("\n")),
  });
  expect(result.exitCode).toBe(0);
  expect(result.stdout.toString().trim().split("\n")).toEqual(hashed.map(([, file]) => file.gitBlob as string));
});
