import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { cliEnv, runCli } from "../cli/run-cli.ts";

/** Every file under `dir` (but .git) with the hash of its bytes: equal snapshots mean a byte-for-byte equal tree. */
export async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files: Record<string, string> = {};
  for (const entry of entries) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (path === ".git" || path.startsWith(".git/")) continue;
    files[path] = entry.isFile()
      ? createHash("sha256")
          .update(await readFile(join(dir, path)))
          .digest("hex")
      : "dir";
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Generated projects (`scaffold new`, no npm install), made once per test file and copied per test. */
export function projectFixtures() {
  let root = "";
  let counter = 0;
  return {
    async setup() {
      root = await mkdtemp(join(tmpdir(), "scaffold-add-model-"));
      for (const template of ["full", "minimal"]) {
        const result = await runCli(["new", template, "-t", template, "-d", "sqlite"], root, { env: cliEnv() });
        if (result.exitCode !== 0) throw new Error(`scaffold new failed: ${result.stderr}`);
      }
    },
    async cleanup() {
      await rm(root, { recursive: true, force: true });
    },
    /** A fresh copy of the `template` project. */
    async project(template: "full" | "minimal"): Promise<string> {
      const dir = join(root, `copy-${++counter}`);
      await cp(join(root, template), dir, { recursive: true });
      return dir;
    },
  };
}
