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

/** An identity only for the keys the user has not configured: the user's own config is read, never changed. */
async function fallbackIdentity(cwd: string): Promise<string[]> {
  const flags: string[] = [];
  const defaults = { "user.name": "scaffold", "user.email": "scaffold@localhost" };
  for (const [key, value] of Object.entries(defaults)) {
    if ((await git(["config", key], cwd)).code !== 0) flags.push("-c", `${key}=${value}`);
  }
  return flags;
}

async function initRepository(dir: string): Promise<string> {
  try {
    for (const args of [
      ["init", "-q"],
      ["add", "-A"],
    ]) {
      const step = await git(args, dir);
      if (step.code !== 0) return oneLine(step.output);
    }
    const identity = await fallbackIdentity(dir);
    const commit = await git(
      [...identity, "-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", "Initial commit from scaffold"],
      dir,
    );
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
