import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { ScaffoldError } from "./errors.ts";
import type { PlannedFile } from "./plan.ts";
import { withTemporaryDir } from "./temporary-dir.ts";

export type TargetState = "missing" | "empty" | "not-empty" | "file";

export function inspectTarget(target: string): TargetState {
  try {
    if (!statSync(target).isDirectory()) return "file";
    return readdirSync(target).length === 0 ? "empty" : "not-empty";
  } catch {
    return "missing";
  }
}

/** Every directory the files need, parents first (relative paths, `/`-separated). */
export function directoriesOf(files: readonly PlannedFile[]): string[] {
  const dirs = new Set<string>();
  for (const { path } of files) {
    for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) dirs.add(path.slice(0, i));
  }
  return [...dirs].sort();
}

/** An absolute path (`/x`, `\\x`, `C:`) or an empty, `.` or `..` segment. */
const UNSAFE_PATH = /^(?:[/\\]|[A-Za-z]:)|(?:^|[/\\])\.{0,2}(?:[/\\]|$)/;

/** A planned path must stay inside the project: relative, no `..`, `.` or empty segment. */
function checkPath(path: string): void {
  if (UNSAFE_PATH.test(path)) {
    throw new ScaffoldError(`The templates plan an unsafe path (${path}): check the template source.`);
  }
}

export interface WriteOptions {
  /** Replace a non-empty target; the old directory is kept beside it (see `backupPath`), never deleted. */
  force: boolean;
  /** Started as soon as the staging directory exists, to overlap the writes (git init); settled before any clean-up. */
  begin?: (dir: string) => Promise<unknown>;
  /** Post steps, run in the staging directory before it is renamed into place (so Ctrl-C there leaves nothing). */
  prepare?: (dir: string) => Promise<void>;
  now?: Date;
}

export interface WriteResult {
  /** Where a non-empty target was moved by `--force`, or null. */
  backup: string | null;
}

export const backupPath = (target: string, now: Date) =>
  `${target}.backup-${now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "")}`;

/**
 * Writes the project into a temporary directory beside the target and renames it into place: after a failure or
 * Ctrl-C (SIGINT, SIGTERM) the temporary directory is removed and no partial project remains.
 */
export async function writeProject(
  files: readonly PlannedFile[],
  target: string,
  options: WriteOptions,
): Promise<WriteResult> {
  for (const { path } of files) checkPath(path);
  const state = inspectTarget(target);
  if (state === "file") throw targetIsFile(target);
  if (state === "not-empty" && !options.force) throw targetNotEmpty(target);
  // mkdir (not mkdtemp, which makes it private): the project directory gets the user's usual permissions.
  const staging = join(
    dirname(target),
    `.${basename(target)}.scaffold-${Buffer.from(crypto.getRandomValues(new Uint8Array(6))).toString("hex")}`,
  );
  try {
    mkdirSync(staging);
    return await withTemporaryDir(staging, async () => {
      const begun = options.begin?.(staging);
      try {
        // Synchronous writes: a few hundred small files are written faster without a promise per file.
        for (const dir of directoriesOf(files)) mkdirSync(join(staging, dir));
        for (const file of files) writeFileSync(join(staging, file.path), file.contents, { mode: file.mode });
      } catch (error) {
        await begun?.catch(() => {});
        throw error;
      }
      await options.prepare?.(staging);
      let backup: string | null = null;
      if (state === "not-empty") {
        backup = backupPath(target, options.now ?? new Date());
        renameSync(target, backup);
      } else if (state === "empty") {
        rmSync(target, { recursive: true });
      }
      renameSync(staging, target);
      return { backup };
    });
  } catch (error) {
    throw error instanceof ScaffoldError
      ? error
      : new ScaffoldError(`Could not write ${target}: ${String((error as Error).message)}; nothing was written.`);
  }
}

export function targetNotEmpty(target: string): ScaffoldError {
  return new ScaffoldError(
    `${target} already exists and is not empty: choose another project name, remove it, or pass --force (the old directory is moved aside, not deleted).`,
  );
}

/** Even with --force: a file is not a project someone replaces by mistake; moving it aside would hide it. */
export function targetIsFile(target: string): ScaffoldError {
  return new ScaffoldError(
    `${target} is a file, not a directory: choose another project name, or move the file away (--force replaces only directories).`,
  );
}
