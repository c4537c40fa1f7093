import { rmSync } from "node:fs";
import { copyFile, mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectSuccess, projectEnv, repoRoot, runCommand } from "./generated-project.ts";
import { nodeBin } from "./oldest-node.ts";

let packing: Promise<{ crud: string; cli: string }> | undefined;

/**
 * The two tarballs `npm publish` would upload (`npm run build:npm`, once per test process): absolute paths of copies
 * of dist/npm/scaffold-dev-crud-<version>.tgz and dist/npm/scaffold-dev-cli-<version>.tgz in a temporary folder of
 * this process, which another test process's build (replacing dist/npm) cannot take away.
 */
export function packedTarballs(): Promise<{ crud: string; cli: string }> {
  packing ??= (async () => {
    expectSuccess(
      "npm run build:npm",
      await runCommand("npm", ["run", "build:npm"], { cwd: repoRoot, env: projectEnv(), timeoutMs: 600_000 }),
    );
    const { version } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { version: string };
    const copies = await mkdtemp(join(tmpdir(), "scaffold-tarballs-"));
    process.once("exit", () => rmSync(copies, { recursive: true, force: true }));
    const copy = async (name: string) => {
      const file = `scaffold-dev-${name}-${version}.tgz`;
      await copyFile(join(repoRoot, "dist", "npm", file), join(copies, file));
      return join(copies, file);
    };
    return { crud: await copy("crud"), cli: await copy("cli") };
  })();
  return packing;
}

/** Environment of a user's shell: `node` is Node.js `version` when given, else the repository's Node 24. */
export async function userEnv(node?: string): Promise<Record<string, string>> {
  if (!node) return projectEnv();
  return projectEnv({ PATH: `${await nodeBin(node)}:${projectEnv().PATH}` });
}

/**
 * A fresh temporary folder as a user would make it: `npm init -y`, then `npm install <deps...>` (tarball paths or
 * registry specs), with nothing from this repository besides what `deps` names. Returns its path.
 */
export async function freshProject(deps: string[], opts: { node?: string } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "scaffold-npm-"));
  const env = await userEnv(opts.node);
  expectSuccess("npm init -y", await runCommand("npm", ["init", "-y"], { cwd: dir, env, timeoutMs: 60_000 }));
  if (deps.length > 0) {
    const install = ["install", "--prefer-offline", "--no-audit", "--no-fund", ...deps];
    expectSuccess(
      `npm install ${deps.join(" ")}`,
      await runCommand("npm", install, { cwd: dir, env, timeoutMs: 600_000 }),
    );
  }
  return dir;
}
