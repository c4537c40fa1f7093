import { readdirSync, readFileSync } from "node:fs";

/** Parent pid of every process, read from /proc (Linux; the CI machine). */
function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
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
