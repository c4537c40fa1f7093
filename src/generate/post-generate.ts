import { execFile } from "node:child_process";
import { copyFileSync, existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
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

/**
 * Whether the user may have an identity for git: an email in the environment or in a config file git reads. When
 * not, the fallback is passed at once (saving a failing commit); when maybe, git is tried first and the fallback
 * only used if it reports no identity. Never wrong either way, only one process cheaper.
 */
function mayHaveIdentity(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || env.EMAIL || env.GIT_CONFIG_GLOBAL || env.GIT_CONFIG_SYSTEM)
    return true;
  const home = env.HOME ?? homedir();
  const files = [
    join(home, ".gitconfig"),
    join(env.XDG_CONFIG_HOME || join(home, ".config"), "git", "config"),
    "/etc/gitconfig",
    "/usr/local/etc/gitconfig",
    "/opt/homebrew/etc/gitconfig",
  ];
  return files.some((file) => {
    try {
      return /email|include/i.test(readFileSync(file, "utf8"));
    } catch {
      return false;
    }
  });
}

/**
 * `git init` in the project folder, started as soon as the folder exists so that it overlaps the writing of the
 * files. Resolves to null when the repository exists, else to the reason ("no-git" when git is not installed).
 */
export async function initRepository(dir: string): Promise<string | null> {
  try {
    const init = await git(["init", "-q"], dir);
    return init.code === 0 ? null : oneLine(init.output);
  } catch {
    return "no-git";
  }
}

async function commitAll(dir: string): Promise<string> {
  const add = await git(["add", "-A"], dir);
  if (add.code !== 0) return oneLine(add.output);
  const maybe = mayHaveIdentity();
  let commit = await git(maybe ? COMMIT : [...FALLBACK_IDENTITY, ...COMMIT], dir);
  if (maybe && commit.code !== 0 && NO_IDENTITY.test(commit.output)) {
    commit = await git([...FALLBACK_IDENTITY, ...COMMIT], dir);
  }
  return commit.code === 0 ? "committed" : oneLine(commit.output);
}

/**
 * After the files are written: `.env` from `.env.example`, then the initial commit in the repository that
 * `initRepository` made (`initialized` is its result).
 */
export async function postGenerate(dir: string, initialized: string | null): Promise<PostResult> {
  const example = join(dir, ".env.example");
  const env = join(dir, ".env");
  const copyEnv = existsSync(example) && !existsSync(env);
  if (copyEnv) copyFileSync(example, env);
  return { env: copyEnv, git: initialized ?? (await commitAll(dir).catch(() => "no-git")) };
}
