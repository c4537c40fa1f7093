import { copyFileSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { oneLine } from "./errors.ts";
import { type ProjectFile, writeInitialCommit } from "./git-commit.ts";
import { type GitSettings, gitSettings } from "./git-settings.ts";
import { runGit as git } from "./run-git.ts";

export interface PostResult {
  env: boolean;
  /** "committed", "no-git" (git is not installed), or the one-line reason the repository could not be created. */
  git: string;
}

const MESSAGE = "Initial commit from scaffold";
/** A fallback identity, passed with `-c` for one command: the user's own config is read, never changed. */
const FALLBACK_IDENTITY = ["-c", "user.name=scaffold", "-c", "user.email=scaffold@localhost"];
const COMMIT = ["-c", "commit.gpgsign=false", "commit", "-q", "--no-verify", "-m", MESSAGE];
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

/** How the repository will be made: "no-git", directly (settings), or by git itself (null: an unusual set-up). */
export type RepositoryPlan = "no-git" | GitSettings | null;

/**
 * Reads the user's git set-up with one `git var -l`, started as soon as the project folder exists so that it
 * overlaps the writing of the files.
 */
export async function initRepository(dir: string): Promise<RepositoryPlan> {
  try {
    const vars = await git(["var", "-l"], dir);
    return vars.code === 0 ? gitSettings(vars.output) : null;
  } catch {
    return "no-git";
  }
}

/** The previous way, for set-ups the direct writer does not reproduce: git init, add and commit. */
async function commitWithGit(dir: string): Promise<string> {
  const init = await git(["init", "-q"], dir);
  if (init.code !== 0) return oneLine(init.output);
  const add = await git(["add", "-A"], dir);
  if (add.code !== 0) return oneLine(add.output);
  const maybe = mayHaveIdentity();
  let commit = await git(maybe ? COMMIT : [...FALLBACK_IDENTITY, ...COMMIT], dir);
  if (maybe && commit.code !== 0 && NO_IDENTITY.test(commit.output)) {
    commit = await git([...FALLBACK_IDENTITY, ...COMMIT], dir);
  }
  return commit.code === 0 ? "committed" : oneLine(commit.output);
}

async function commitAll(dir: string, files: readonly ProjectFile[], plan: GitSettings | null): Promise<string> {
  if (plan) {
    try {
      writeInitialCommit(dir, files, plan, MESSAGE);
      return "committed";
    } catch {
      // Unsupported (a .gitignore or .gitattributes feature) or a write error: git itself does it, as before.
    }
  }
  return commitWithGit(dir);
}

/**
 * After `files` are written in `dir`: `.env` from `.env.example`, then the initial commit as `initRepository`
 * planned it.
 */
export async function postGenerate(
  dir: string,
  files: readonly ProjectFile[],
  plan: RepositoryPlan,
): Promise<PostResult> {
  const example = files.find((file) => file.path === ".env.example");
  const copyEnv = example !== undefined && !files.some((file) => file.path === ".env");
  if (copyEnv) copyFileSync(join(dir, ".env.example"), join(dir, ".env"));
  const all = copyEnv ? [...files, { path: ".env", contents: example.contents, gitBlob: example.gitBlob }] : files;
  return { env: copyEnv, git: plan === "no-git" ? "no-git" : await commitAll(dir, all, plan).catch(() => "no-git") };
}
