import { mergeEnvKeys } from "./merge-env.ts";
import { mergeJsonKeys } from "./merge-json.ts";
import { type MergeLabels, mergeText } from "./merge-text.ts";
import type { FileMap } from "./render-history.ts";

/**
 * What happens to one file:
 * - updated: unchanged by the project, changed by the templates: the templates' version is written;
 * - merged: changed on both sides, in other lines (or keys): both changes are kept;
 * - conflict: changed on both sides in the same lines: written with conflict markers (JSON and `.env.example`: the
 *   project's value kept at each key named in `conflicts`); or a binary file both changed, left as it is;
 * - added / removed: by the templates, the project having no such file / an unchanged one;
 * - kept-deleted: deleted by the project, changed by the templates: stays deleted;
 * - kept-changed: removed by the templates, changed by the project: stays.
 */
export type Outcome = "updated" | "merged" | "conflict" | "added" | "removed" | "kept-deleted" | "kept-changed";

export interface MergeEntry {
  path: string;
  outcome: Outcome;
  /** What is written (absent for removed, kept and binary files: nothing is written). */
  contents?: string;
  /** A new file's mode. */
  mode?: number;
  /** For a conflict: the keys of a JSON or env file, or how many places of a text file carry markers. */
  conflicts?: string[] | number;
}

export interface MergePlan {
  /** Every file that is written, removed, or left alone for a reason the summary gives, sorted by path. */
  entries: MergeEntry[];
}

/** Whether applying the plan writes conflict markers (or leaves a conflict for the user): the command exits 1. */
export const hasConflicts = (merge: MergePlan) => merge.entries.some((entry) => entry.outcome === "conflict");

/** Files never merged: lock files belong to the package manager, `.env` to the user (it holds their secrets). */
const UNTOUCHED = new Set([
  ".env",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  "deno.lock",
]);
const JSON_FILES = new Set(["package.json", "scaffold.json"]);
const isBinary = (text: string) => text.includes("\0");

/** Reads a file of the project as it is on disk (undefined: no such file). */
export type ReadOurs = (path: string) => string | undefined;

async function mergeBoth(path: string, ours: string, base: string, theirs: string, labels: MergeLabels) {
  if (JSON_FILES.has(path)) return mergeJsonKeys(ours, base || "{}", theirs);
  if (path === ".env.example") return mergeEnvKeys(ours, base, theirs);
  const merged = await mergeText(ours, base, theirs, labels);
  return { contents: merged.contents, conflicts: merged.conflicts };
}

/**
 * The three-way merge of the generator's files as it wrote them last time (`base`) and as it writes them now
 * (`theirs`) into the project's (`ours`), file by file. Writes nothing: the plan says what to write.
 */
export async function planMerge(
  base: FileMap,
  theirs: FileMap,
  ours: ReadOurs,
  labels: MergeLabels,
): Promise<MergePlan> {
  const paths = [...new Set([...base.keys(), ...theirs.keys()])].filter((path) => !UNTOUCHED.has(path)).sort();
  const entries: MergeEntry[] = [];
  for (const path of paths) {
    const [was, now, current] = [base.get(path), theirs.get(path), ours(path)];
    if (was?.contents === now?.contents) continue;
    if (now === undefined) {
      if (current === undefined) continue;
      entries.push({ path, outcome: current === was?.contents ? "removed" : "kept-changed" });
    } else if (current === undefined) {
      entries.push(
        was === undefined
          ? { path, outcome: "added", contents: now.contents, mode: now.mode }
          : { path, outcome: "kept-deleted" },
      );
    } else if (current === now.contents) {
    } else if (current === was?.contents) {
      entries.push({ path, outcome: "updated", contents: now.contents });
    } else if (isBinary(current) || isBinary(now.contents)) {
      entries.push({ path, outcome: "conflict", conflicts: 1 });
    } else {
      const merged = await mergeBoth(path, current, was?.contents ?? "", now.contents, labels);
      const clean = typeof merged.conflicts === "number" ? merged.conflicts === 0 : merged.conflicts.length === 0;
      entries.push({
        path,
        outcome: clean ? "merged" : "conflict",
        contents: merged.contents,
        conflicts: clean ? undefined : merged.conflicts,
      });
    }
  }
  return { entries };
}

/** The entries of one outcome. */
export const withOutcome = (plan: MergePlan, outcome: Outcome) => plan.entries.filter((e) => e.outcome === outcome);
