import { afterAll, beforeAll, setDefaultTimeout } from "bun:test";
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { cliEnv, runCli, useTempHome } from "../cli/run-cli.ts";

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
      for (const template of ["full", "minimal", "graphql"]) {
        const result = await runCli(["new", template, "-t", template, "-d", "sqlite"], root, { env: cliEnv() });
        if (result.exitCode !== 0) throw new Error(`scaffold new failed: ${result.stderr}`);
      }
    },
    async cleanup() {
      await rm(root, { recursive: true, force: true });
    },
    /** A fresh copy of the `template` project. */
    async project(template: "full" | "minimal" | "graphql"): Promise<string> {
      const dir = join(root, `copy-${++counter}`);
      await cp(join(root, template), dir, { recursive: true });
      return dir;
    },
  };
}

/**
 * The fixtures of one test file: a temporary HOME, and the projects made before its tests and removed after them.
 * Each test runs the CLI several times (about 0.3 s each).
 */
export function useProjectFixtures() {
  useTempHome();
  setDefaultTimeout(60_000);
  const fixtures = projectFixtures();
  beforeAll(() => fixtures.setup(), 60_000);
  afterAll(() => fixtures.cleanup());
  return fixtures;
}

/** Runs add-model with `--yes` in `dir`; throws with its error output when it fails. */
export async function added(dir: string, args: string[]) {
  const result = await runCli([...args, "--yes"], dir, { env: cliEnv() });
  if (result.exitCode !== 0) throw new Error(`${args.join(" ")} failed: ${result.stderr}`);
  return result;
}
