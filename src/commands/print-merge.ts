import type { MergeEntry, MergePlan, Outcome } from "../merge/plan-merge.ts";
import { out } from "./output.ts";

/** How each outcome is listed in a plan, in this order. */
const HEADINGS: Array<[Outcome, string]> = [
  ["updated", "updated (unchanged by you)"],
  ["merged", "merged with your edits"],
  ["conflict", "conflicts (your edits and the templates' changed the same lines)"],
  ["added", "added"],
  ["removed", "removed (unchanged by you)"],
  ["kept-deleted", "kept deleted (you deleted them)"],
  ["kept-changed", "kept (removed from the templates, changed by you)"],
];

const detail = (entry: MergeEntry) => {
  if (Array.isArray(entry.conflicts)) return ` (yours kept at ${entry.conflicts.join(", ")})`;
  if (entry.contents === undefined && entry.outcome === "conflict") return " (binary: left as it is)";
  return "";
};

/** The plan, one section per outcome that has files. */
export function printMergePlan(plan: MergePlan, indent = "  "): void {
  for (const [outcome, heading] of HEADINGS) {
    const entries = plan.entries.filter((entry) => entry.outcome === outcome);
    if (entries.length === 0) continue;
    out.log(`${indent}${heading} (${entries.length}):`);
    for (const entry of entries) out.log(`${indent}  ${entry.path}${detail(entry)}`);
  }
}

/** The plan as `--json` prints it: the paths of each outcome. */
export const mergeJson = (plan: MergePlan): Record<Outcome, string[]> =>
  Object.fromEntries(
    HEADINGS.map(([outcome]) => [
      outcome,
      plan.entries.filter((entry) => entry.outcome === outcome).map(({ path }) => path),
    ]),
  ) as Record<Outcome, string[]>;

/** The files left with conflicts, and what to do next; true when there are any (the command then exits 1). */
export function printConflicts(plan: MergePlan, check: string): boolean {
  const conflicts = plan.entries.filter((entry) => entry.outcome === "conflict");
  if (conflicts.length === 0) return false;
  out.warn(`${conflicts.length} ${conflicts.length === 1 ? "file has" : "files have"} conflicts to resolve:`);
  for (const entry of conflicts) out.log(`  ${entry.path}${detail(entry)}`);
  out.log(
    "Next: in each file, keep what is right between `<<<<<<< yours` and `>>>>>>>` and delete the markers (`git diff` shows every change); JSON and .env.example keep your value at the keys named; then " +
      `${check}.`,
  );
  return true;
}
