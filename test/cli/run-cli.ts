import { afterAll, beforeAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { collectOutput, type ProcessOutput } from "../support/process.ts";

export const repoRoot = resolve(import.meta.dir, "../..");
export const cliPath = join(repoRoot, "src/cli.ts");
export const repoBin = join(repoRoot, "node_modules/.bin");

export type CliResult = ProcessOutput;

export const tempDir = (prefix = "scaffold-cli-") => mkdtemp(join(tmpdir(), prefix));

/** HOME of the CLI runs: no git identity, no user config (Bun keeps its cache there too). Set by useTempHome. */
export let home = "";

/**
 * Gives the calling test file a fresh HOME, removed after its tests. (bun runs every file in one process with one
 * module cache, so the folder is made per file, not when this module loads.)
 */
export function useTempHome(): void {
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "scaffold-home-"));
  });
  afterAll(() => {
    rmSync(home, { recursive: true, force: true });
  });
}

/** A fresh empty working folder per test file, removed afterwards; call the returned function inside tests. */
export function useTempCwd(): () => string {
  let cwd = "";
  beforeAll(async () => {
    cwd = await tempDir();
  });
  afterAll(async () => {
    await rm(cwd, { recursive: true, force: true });
  });
  return () => cwd;
}

/** Environment of a user with no git identity and no colours; the template cache lives under HOME. */
export function cliEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    NO_COLOR: "1",
    SCAFFOLD_CACHE_DIR: join(home, "cache"),
    GIT_CONFIG_NOSYSTEM: "1",
    ...extra,
  };
}

/** Runs `bun src/cli.ts <args>` in `cwd` (or another command line given as `command`). */
export async function runCli(
  args: string[],
  cwd: string,
  options: { env?: Record<string, string>; command?: string[] } = {},
): Promise<CliResult> {
  return collectOutput(
    Bun.spawn([...(options.command ?? [process.execPath, cliPath]), ...args], {
      cwd,
      env: options.env ?? cliEnv(),
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
    }),
  );
}

/** Every entry under `dir` (relative paths), or [] when it does not exist. */
export async function listTree(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.map((e) => relative(dir, join(e.parentPath, e.name))).sort();
  } catch {
    return [];
  }
}

export const readText = (path: string) => readFile(path, "utf8");
export const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
