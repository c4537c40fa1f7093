import { readdirSync, readFileSync } from "node:fs";

/**
 * The fields of /proc/<pid>/stat after the command name (Linux; the CI machine): index 0 is field 3 (state), 1 the
 * parent pid, 11 and 12 utime and stime. The name may hold spaces and parentheses, so fields start after the last ")".
 */
export function procStat(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** Parent pid of every process, read from /proc. */
function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(procStat(Number(entry))[1]));
    } catch {
      // the process ended while we were reading
    }
  }
  return parents;
}

/**
 * The process at the bottom of the tree under `root` (for `npm run start`: npm -> sh -> node, the service itself).
 * Throws when the tree branches, since then "the service" is ambiguous.
 */
export function leafProcess(root: number): number {
  const parents = parentPids();
  let current = root;
  for (;;) {
    const children = [...parents].filter(([, parent]) => parent === current).map(([pid]) => pid);
    if (children.length === 0) return current;
    if (children.length > 1) throw new Error(`process ${current} has several children (${children.join(", ")})`);
    current = children[0] as number;
  }
}
