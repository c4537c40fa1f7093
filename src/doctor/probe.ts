import { execFile } from "node:child_process";

export interface Probe {
  /** Exit code 0, and the first version number found in the output. */
  ok: boolean;
  version: string | null;
}

/** Runs `command args` (found on PATH); null when the command is not installed. */
export type Runner = (command: string, args: string[]) => Promise<Probe | null>;

const VERSION = /(\d+)\.(\d+)(?:\.(\d+))?/;

export const runProbe: Runner = (command, args) =>
  new Promise((resolve) => {
    execFile(command, args, { timeout: 10_000 }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") return resolve(null);
      const version = VERSION.exec(`${stdout}\n${stderr}`)?.[0] ?? null;
      resolve({ ok: !error, version });
    });
  });

/** True when `version` is at least `minimum` (both `major.minor[.patch]`). */
export function atLeast(version: string, minimum: string): boolean {
  const parts = (text: string) => text.split(".").map((part) => Number(part) || 0);
  const have = parts(version);
  const need = parts(minimum);
  for (let i = 0; i < need.length; i++) {
    if ((have[i] ?? 0) !== (need[i] ?? 0)) return (have[i] ?? 0) > (need[i] ?? 0);
  }
  return true;
}
