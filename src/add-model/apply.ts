import { existsSync } from "node:fs";
import { mkdir, readFile, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { EXIT_INTERRUPTED, ScaffoldError } from "../generate/errors.ts";

/** What was on disk before: restored as it was on any failure. */
interface Undo {
  /** Files that did not exist, and folders made for them (deepest last). */
  created: string[];
  createdDirs: string[];
  /** Files that existed, with their bytes. */
  changed: Array<{ path: string; bytes: Buffer }>;
}

export const interrupted = () =>
  new ScaffoldError("Interrupted: the project was restored as it was.", EXIT_INTERRUPTED);

/**
 * For tests: fail after this many writes (SCAFFOLD_ADD_MODEL_FAIL_AFTER; add-model's and upgrade's), as a full disk or
 * a crash would.
 */
const failAfter = (): number | undefined => {
  const value = process.env.SCAFFOLD_ADD_MODEL_FAIL_AFTER;
  return value === undefined || value === "" ? undefined : Number(value);
};

export interface Transaction {
  /** Runs `step` inside the transaction: a failure (or Ctrl-C) rolls everything back and rethrows. */
  run<T>(step: () => Promise<T>): Promise<T>;
  /** Keeps `path` (relative to the root) as it is now, to restore it if a later step fails. */
  track(path: string): Promise<void>;
  /** `path` was made by a step: it is removed on a rollback. */
  created(path: string): void;
  rollback(): Promise<void>;
}

/** What a command writes into a project: new files (with their mode, 0o644 by default), changed ones, removed ones. */
export interface Writes {
  create: ReadonlyArray<{ path: string; contents: string; mode?: number }>;
  change: ReadonlyArray<{ path: string; after: string }>;
  remove?: readonly string[];
}

/**
 * Writes the plan all or nothing: every file's earlier bytes are kept first; on any failure, Ctrl-C included, the
 * created files (and folders) are removed and the changed ones written back, so the project is as it was.
 */
export async function applyPlan(root: string, plan: Writes, signal: AbortSignal): Promise<Transaction> {
  const undo: Undo = { created: [], createdDirs: [], changed: [] };
  const limit = failAfter();
  let writes = 0;
  const rollback = async () => {
    for (const path of undo.created.reverse()) await rm(join(root, path), { force: true });
    for (const dir of undo.createdDirs.reverse()) await rmdir(join(root, dir)).catch(() => undefined);
    for (const { path, bytes } of undo.changed) await writeFile(join(root, path), bytes);
  };
  const track = async (path: string) => {
    if (undo.changed.some((entry) => entry.path === path) || undo.created.includes(path)) return;
    if (existsSync(join(root, path))) undo.changed.push({ path, bytes: await readFile(join(root, path)) });
    else undo.created.push(path);
  };
  const ensureDir = async (path: string) => {
    const missing: string[] = [];
    for (let dir = dirname(path); dir !== "." && !existsSync(join(root, dir)); dir = dirname(dir)) missing.unshift(dir);
    for (const dir of missing) {
      await mkdir(join(root, dir));
      undo.createdDirs.push(dir);
    }
  };
  const run = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      const result = await step();
      if (signal.aborted) throw interrupted();
      return result;
    } catch (error) {
      await rollback();
      throw signal.aborted ? interrupted() : error;
    }
  };
  await run(async () => {
    // Keep every earlier version before the first write.
    for (const path of [...plan.change.map((change) => change.path), ...(plan.remove ?? [])]) await track(path);
    const files = [
      ...plan.create,
      ...plan.change.map(({ path, after }) => ({ path, contents: after, mode: undefined })),
    ];
    const step = () => {
      if (signal.aborted) throw interrupted();
      if (limit !== undefined && writes === limit) throw new Error(`injected failure after ${limit} writes`);
      writes++;
    };
    for (const file of files) {
      step();
      if (!plan.change.some((change) => change.path === file.path)) {
        await ensureDir(file.path);
        undo.created.push(file.path);
      }
      await writeFile(join(root, file.path), file.contents, file.mode === undefined ? {} : { mode: file.mode });
    }
    for (const path of plan.remove ?? []) {
      step();
      await rm(join(root, path));
    }
  });
  const created = (path: string) => {
    if (!undo.created.includes(path)) undo.created.push(path);
  };
  return { run, track, created, rollback };
}
