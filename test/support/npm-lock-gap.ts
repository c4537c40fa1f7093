import { readFile } from "node:fs/promises";
import { type CommandResult, runCommand } from "./generated-project.ts";

const LOCK_GAP_NOTE =
  "this machine's npm registry lacks other platforms' optional packages (e.g. @biomejs/cli-win32-x64), so lock files " +
  "written here leave them out and `npm ci` refuses them";

/**
 * True when `npm ci` failed only because the lock file misses packages this machine's registry does not have (a
 * mirror holding one platform's builds); with the public registry the lock file is complete and `npm ci` runs as is.
 */
async function lockGapOfThisRegistry(output: string, lockFile: string, env: Record<string, string>): Promise<boolean> {
  if (!output.includes("package.json and package-lock.json or npm-shrinkwrap.json are in sync")) return false;
  const missing = [...output.matchAll(/Missing: (@?[^@\s]+)@\S* from lock file/g)].map((match) => match[1] as string);
  if (missing.length === 0) return false;
  // The versions asked for are in the lock file, as optional dependencies of the packages that want them.
  const lock = JSON.parse(await readFile(lockFile, "utf8")) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };
  const wanted = (name: string) =>
    Object.values(lock.packages).find((entry) => entry.optionalDependencies?.[name])?.optionalDependencies?.[name];
  for (const name of missing) {
    const spec = wanted(name);
    if (!spec) return false;
    const view = await runCommand("npm", ["view", `${name}@${spec}`, "version"], { cwd: "/", env, timeoutMs: 60_000 });
    if (!view.output.includes("E404")) return false;
  }
  return true;
}

/**
 * Runs `script` (a RUN line, a workflow step) with `run`; when it contains `npm ci` and fails only because of this
 * registry's gap, runs it again with `npm install`, which installs the same locked versions, and says so.
 */
export async function runAroundLockGap(
  script: string,
  lockFile: string,
  env: Record<string, string>,
  run: (script: string) => Promise<CommandResult>,
): Promise<CommandResult> {
  const result = await run(script);
  if (result.code === 0 || !/\bnpm ci\b/.test(script)) return result;
  if (!(await lockGapOfThisRegistry(result.output, lockFile, env))) return result;
  console.warn(`${LOCK_GAP_NOTE}: running "${script.trim().split("\n")[0]}" with npm install instead of npm ci`);
  return run(script.replace(/\bnpm ci\b/g, "npm install"));
}
