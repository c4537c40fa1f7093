import { afterAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommandResult, projectEnv, repoBin, runCommand } from "../../support/generated-project.ts";
import { nodeBin, oldestNodeVersion } from "../../support/oldest-node.ts";
import { launchServer } from "../../support/runtimes.ts";

/**
 * Node.js versions below the projects' engines floor that newcomers still have: the previous LTS line (no type
 * stripping at all), and the last release before the floor (type stripping behind a flag, but no `node:sqlite`).
 */
const BELOW_FLOOR = [
  { version: "20.20.2", scripts: "every" },
  { version: "22.12.0", scripts: ["start", "dev", "apidocs"] },
] as const;

/** Scripts that start the service and keep running (the rest run to completion). */
const isService = (script: string) => /^(start|dev)(:|$)/.test(script);

/**
 * What a script must do on such a Node.js: run, or stop with exactly one line that names the Node.js it needs and a
 * command that works instead (`npm run --silent` leaves only the script's own output).
 */
function expectRunsOrOneLine(script: string, result: CommandResult): void {
  if (result.code === 0) return;
  const lines = result.output.trim().split("\n");
  if (lines.length === 1 && lines[0]?.includes(oldestNodeVersion().replace(/\.0$/, "")) && /npm run /.test(lines[0]))
    return;
  throw new Error(`npm run ${script} neither ran nor stopped with one line (exit ${result.code}):\n${result.output}`);
}

/**
 * Every npm script of the generated project on Node.js below the engines floor, with only that Node.js, npm and Deno
 * (for start:deno) on PATH: Bun can only come from the project's own node_modules, as on a newcomer's machine.
 */
export function describeOldNode(project: () => string): void {
  describe("below the Node.js engines floor", () => {
    const scratch: string[] = [];
    afterAll(async () => {
      for (const dir of scratch) await rm(dir, { recursive: true, force: true });
      await rm(join(project(), "openapi.json"), { force: true });
      await rm(join(project(), "schema.graphql"), { force: true });
    }, 60_000);

    const pathWith = async (version: string) => {
      const deno = await mkdtemp(join(tmpdir(), "scaffold-deno-only-"));
      scratch.push(deno);
      await mkdir(join(deno, "bin"));
      await symlink(join(repoBin, "deno"), join(deno, "bin", "deno"));
      return [await nodeBin(version), join(deno, "bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(":");
    };

    for (const { version, scripts } of BELOW_FLOOR) {
      test(`on Node.js ${version} every npm script (${scripts === "every" ? "all" : scripts.join(", ")}) runs or stops with one line; services stop cleanly on SIGTERM`, async () => {
        const dir = project();
        const PATH = await pathWith(version);
        const manifest = JSON.parse(await readFile(join(dir, "package.json"), "utf8")) as {
          scripts: Record<string, string>;
        };
        const names = scripts === "every" ? Object.keys(manifest.scripts) : [...scripts];
        for (const script of names) {
          if (isService(script)) {
            const env = { PATH, DATABASE_URL: ":memory:" };
            const service = await launchServer(
              dir,
              `npm run ${script} (Node.js ${version})`,
              ["npm", "run", script],
              env,
            );
            try {
              const stopped = await service.stop("SIGTERM", 20_000);
              expect(`npm run ${script}: exit ${stopped.code}`).toBe(`npm run ${script}: exit 0`);
            } finally {
              service.kill();
            }
          } else {
            const result = await runCommand("npm", ["run", "--silent", script], {
              cwd: dir,
              env: projectEnv({ PATH }),
              timeoutMs: 300_000,
            });
            expectRunsOrOneLine(script, result);
          }
        }
      }, 600_000);
    }
  });
}
