import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** What the initial commit needs from the user's git set-up, read with ONE `git var -l` (config and identities). */
export interface GitSettings {
  /** `Name <email> <seconds> <±hhmm>`, as git would write them. */
  author: string;
  committer: string;
  branch: string;
  /** Text of the user's global excludes file (core.excludesFile or ~/.config/git/ignore), "" when none. */
  globalExcludes: string;
}

/** The user's own identity when set up, else the one scaffold always used (git's own config is never changed). */
const FALLBACK_NAME = "scaffold <scaffold@localhost>";

/** Config whose effect on `git init` / `git add` / `git commit` the direct writer does not reproduce. */
const UNSUPPORTED_CONFIG = [
  "core.autocrlf",
  "core.hookspath",
  "init.templatedir",
  "init.defaultobjectformat",
  "i18n.commitencoding",
  "extensions.objectformat",
];
const UNSUPPORTED_ENV = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_DEFAULT_HASH",
  "GIT_TEMPLATE_DIR",
];

/** `key=value` lines of `git var -l`: config keys (lower-case) first, then GIT_AUTHOR_IDENT and the like. */
function parseVars(output: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of output.split("\n")) {
    const eq = line.indexOf("=");
    if (eq > 0) vars.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return vars;
}

/** git refuses an identity with an empty name or an email it could only guess from a host without a domain. */
function usable(ident: string | undefined, vars: Map<string, string>, env: NodeJS.ProcessEnv): ident is string {
  const match = ident?.match(/^(.*) <(.*)> \d+ [+-]\d{4}$/);
  if (!match?.[1]?.trim() || !match[2] || match[2].includes("(none)")) return false;
  const configuredEmail = ["user.email", "author.email", "committer.email"].some((key) => vars.has(key));
  const envEmail = env.GIT_AUTHOR_EMAIL || env.GIT_COMMITTER_EMAIL || env.EMAIL;
  return !(vars.get("user.useconfigonly") === "true" && !configuredEmail && !envEmail);
}

function readExcludes(vars: Map<string, string>, env: NodeJS.ProcessEnv): string {
  const home = env.HOME ?? homedir();
  const configured = vars.get("core.excludesfile");
  const file = configured
    ? configured.replace(/^~(?=\/)/, home)
    : join(env.XDG_CONFIG_HOME || join(home, ".config"), "git", "ignore");
  return existsSync(file) ? readFileSync(file, "utf8") : "";
}

/**
 * The settings for a direct initial commit, or null when the user's set-up has something the direct writer does not
 * reproduce (then git itself makes the commit, as before).
 */
export function gitSettings(varOutput: string, env: NodeJS.ProcessEnv = process.env): GitSettings | null {
  const vars = parseVars(varOutput);
  if (process.platform === "win32") return null;
  if (UNSUPPORTED_CONFIG.some((key) => vars.has(key)) || UNSUPPORTED_ENV.some((key) => env[key])) return null;
  // A conditional include (gitdir:, onbranch:) may apply to the new repository and not where `git var` ran.
  if ([...vars.keys()].some((key) => key.startsWith("includeif."))) return null;
  const author = vars.get("GIT_AUTHOR_IDENT");
  const committer = vars.get("GIT_COMMITTER_IDENT");
  const when = author?.match(/ (\d+ [+-]\d{4})$/)?.[1];
  if (!when) return null;
  const own = usable(author, vars, env) && usable(committer, vars, env);
  return {
    author: own ? author : `${FALLBACK_NAME} ${when}`,
    committer: own && committer ? committer : `${FALLBACK_NAME} ${when}`,
    branch: vars.get("init.defaultbranch") || "main",
    globalExcludes: readExcludes(vars, env),
  };
}
