import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { oneLine } from "./errors.ts";
import { GitMissing, runGit as git } from "./run-git.ts";

export interface PostResult {
  env: boolean;
  /** "committed", "no-git" (git is not installed), or the one-line reason the repository could not be created. */
  git: string;
}

/**
 * The new repository as `initRepository` left it: "no-git", `failed` with git's one-line reason, or ready, with
 * whether the commit needs the fallback identity.
 */
export type Repository = "no-git" | { failed: string } | { fallbackIdentity: boolean };

const MESSAGE = "Initial commit from scaffold";
/** The branch when the user has no `init.defaultBranch` (git's own default is still `master`). */
const DEFAULT_BRANCH = "main";
/** Passed with `-c` for the commit alone when git has no email to commit with: the user's config is never changed. */
const FALLBACK_IDENTITY = ["-c", "user.name=scaffold", "-c", "user.email=scaffold@localhost"];
/**
 * The user's config applies, except what would make an unattended command fail or wait: signing (no key, or a
 * pinentry prompt) and commit hooks (a linter that needs `npm install` first).
 */
const COMMIT = ["-c", "commit.gpgSign=false", "commit", "-q", "--no-verify", "-m", MESSAGE];
/** What the repository and the commit need from the user's config (conditional includes: see `initRepository`). */
const SETTINGS = "^(user|author|committer)\\.email$|^init\\.defaultbranch$|^includeif\\.";

/** git commits with `EMAIL`, or with both GIT_*_EMAIL, ahead of any guess from the host name. */
const emailInEnv = (env: NodeJS.ProcessEnv) => Boolean(env.EMAIL || (env.GIT_AUTHOR_EMAIL && env.GIT_COMMITTER_EMAIL));

/** The keys (lower-case) of the settings above that are set, as `git config` reads them in `dir`. */
async function settingsIn(dir: string): Promise<Set<string>> {
  // Exit 1 with no output when none is set.
  const { output } = await git(["config", "--get-regexp", SETTINGS], dir);
  return new Set(output.split("\n").map((line) => line.split(" ")[0]?.toLowerCase() ?? ""));
}

/**
 * `git init` in `dir`, started as soon as the (empty) project folder exists so that it overlaps the writing of the
 * files, on the user's `init.defaultBranch` or `main`. A conditional include (`includeIf "gitdir:…"`, often where a
 * work email is set) applies only inside a repository: then the settings are read again there.
 */
export async function initRepository(dir: string, env: NodeJS.ProcessEnv = process.env): Promise<Repository> {
  try {
    const global = await settingsIn(dir);
    const branch = global.has("init.defaultbranch") ? [] : [`--initial-branch=${DEFAULT_BRANCH}`];
    const init = await git(["init", "-q", ...branch], dir);
    if (init.code !== 0) return { failed: oneLine(init.output) };
    const conditional = [...global].some((key) => key.startsWith("includeif."));
    const settings = conditional ? await settingsIn(dir) : global;
    const configuredEmail = [...settings].some((key) => key.endsWith(".email"));
    return { fallbackIdentity: !configuredEmail && !emailInEnv(env) };
  } catch (error) {
    if (error instanceof GitMissing) return "no-git";
    throw error;
  }
}

/** `git add -A` and the initial commit: git applies the project's `.gitignore` files and the user's excludes. */
async function commitAll(dir: string, repository: Repository): Promise<string> {
  if (repository === "no-git") return "no-git";
  if ("failed" in repository) return repository.failed;
  const add = await git(["add", "-A"], dir);
  if (add.code !== 0) return oneLine(add.output);
  const commit = await git(repository.fallbackIdentity ? [...FALLBACK_IDENTITY, ...COMMIT] : COMMIT, dir);
  return commit.code === 0 ? "committed" : oneLine(commit.output);
}

/** After `files` are written in `dir`: `.env` from `.env.example`, then the initial commit in `repository`. */
export async function postGenerate(
  dir: string,
  files: readonly { path: string }[],
  repository: Repository,
): Promise<PostResult> {
  const copyEnv = files.some((file) => file.path === ".env.example") && !files.some((file) => file.path === ".env");
  if (copyEnv) copyFileSync(join(dir, ".env.example"), join(dir, ".env"));
  const result = await commitAll(dir, repository).catch((error: unknown) => {
    if (error instanceof GitMissing) return "no-git";
    throw error;
  });
  return { env: copyEnv, git: result };
}
