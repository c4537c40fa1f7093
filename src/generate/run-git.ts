import { dirname } from "node:path";

export interface GitResult {
  code: number;
  /** stdout then stderr. */
  output: string;
}

/** Thrown when git cannot be started (not installed, not on PATH). */
export class GitMissing extends Error {}

const bun = (globalThis as { Bun?: typeof Bun }).Bun;

/**
 * Runs `git <args>` in `cwd`. Under Bun (the compiled binary), Bun.spawn: node:child_process costs ~8 ms to load and
 * start its first process there, more than the rest of `scaffold new`. Elsewhere (running from source on Node or
 * Deno), node:child_process, imported only then.
 */
export async function runGit(args: readonly string[], cwd: string): Promise<GitResult> {
  // No discovery above the project folder: a parent repository's config must not apply to the new one.
  const env = { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_CEILING_DIRECTORIES: dirname(cwd) };
  if (bun) {
    let child: Bun.Subprocess<"ignore", "pipe", "pipe">;
    try {
      child = bun.spawn(["git", ...args], { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    } catch (error) {
      throw new GitMissing(String(error));
    }
    const [code, stdout, stderr] = await Promise.all([
      child.exited,
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
    ]);
    return { code, output: `${stdout}${stderr}` };
  }
  const { execFile } = await import("node:child_process");
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd, env }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") reject(new GitMissing(error.message));
      else resolve({ code: error ? Number(error.code) || 1 : 0, output: `${stdout}${stderr}` });
    });
  });
}
