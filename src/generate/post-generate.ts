import { execFile } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { oneLine } from "./errors.ts";

export interface PostResult {
  env: boolean;
  /** "committed", "no-git" (git is not installed), or the one-line reason the repository could not be created. */
  git: string;
}

function git(args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    execFile("git", args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: "0" } }, (error, stdout, stderr) => {
      if (error && (error as NodeJS.ErrnoException).code === "ENOENT") reject(error);
      else resolve({ code: error ? Number(error.code) || 1 : 0, output: `${stdout}${stderr}` });
    });
  });
}

/** A fallback identity, passed with `-c` for one command: the user's own config is read, never changed. */
const FALLBACK_IDENTITY = ["-c", "user.name=scaffold", "-c", "user.email=scaffold@localhost"];
const COMMIT = ["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "Initial commit from scaffold"];
/** What git says when it has no usable identity (no config, and nothing it can auto-detect). */
const NO_IDENTITY = /tell me who you are|empty ident|unable to auto-detect/i;

async function initRepository(dir: string): Promise<string> {
  try {
    for (const args of [
      ["init", "-q"],
      ["add", "-A"],
    ]) {
      const step = await git(args, dir);
      if (step.code !== 0) return oneLine(step.output);
    }
    // The user's identity first (one process less in the usual case); the fallback only when git has none.
    let commit = await git(COMMIT, dir);
    if (commit.code !== 0 && NO_IDENTITY.test(commit.output))
      commit = await git([...FALLBACK_IDENTITY, ...COMMIT], dir);
    return commit.code === 0 ? "committed" : oneLine(commit.output);
  } catch {
    return "no-git";
  }
}

/** `.env` from `.env.example`, then a git repository with an initial commit when git is installed. */
export async function postGenerate(dir: string): Promise<PostResult> {
  const example = join(dir, ".env.example");
  const env = join(dir, ".env");
  const copyEnv = existsSync(example) && !existsSync(env);
  if (copyEnv) copyFileSync(example, env);
  return { env: copyEnv, git: await initRepository(dir) };
}
