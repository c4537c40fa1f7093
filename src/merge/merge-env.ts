import { type Entry, entries } from "../generate/merge-env.ts";

const text = (entry: Entry | undefined) => entry?.lines.join("\n");

/**
 * A three-way merge of `.env.example` variable by variable: a variable the templates added is added (after the one it
 * follows there), one they changed or removed is changed or removed where the project left it as it was; the
 * project's own lines stay where they are. `conflicts` names each variable both changed (the project's is kept).
 */
export function mergeEnvKeys(ours: string, base: string, theirs: string): { contents: string; conflicts: string[] } {
  const merged = entries(ours);
  const [was, now] = [entries(base), entries(theirs)];
  const find = (list: Entry[], key: string | null) => (key === null ? undefined : list.find((e) => e.key === key));
  const conflicts: string[] = [];
  for (const [index, entry] of now.entries()) {
    if (entry.key === null) continue;
    const [before, current] = [find(was, entry.key), find(merged, entry.key)];
    if (before === undefined && current === undefined) {
      const previous = now
        .slice(0, index)
        .findLast((other) => other.key !== null && find(merged, other.key) !== undefined);
      const at = previous ? merged.indexOf(find(merged, previous.key) as Entry) + 1 : merged.length;
      merged.splice(at, 0, entry);
    } else if (current === undefined || text(entry) === text(before) || text(current) === text(entry)) {
      // Removed by the project, unchanged by the templates, or already the same.
    } else if (before !== undefined && text(current) === text(before)) {
      merged[merged.indexOf(current)] = entry;
    } else {
      conflicts.push(entry.key);
    }
  }
  for (const entry of was) {
    const current = find(merged, entry.key);
    if (current !== undefined && find(now, entry.key) === undefined && text(current) === text(entry)) {
      merged.splice(merged.indexOf(current), 1);
    }
  }
  return { contents: `${merged.flatMap(({ lines }) => lines).join("\n")}\n`, conflicts };
}
