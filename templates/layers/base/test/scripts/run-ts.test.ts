import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// scripts/run-ts.mjs (npm start / dev / apidocs) run by the `node` on PATH, in a scratch project whose package.json
// declares a floor above or at that Node.js, so both of its routes are tested on whatever Node.js is installed.
const root = join(import.meta.dir, "..", "..");
const node = Bun.which("node");
const nodeSays = (expression: string) =>
  node ? spawnSync(node, ["-p", expression], { encoding: "utf8" }).stdout.trim() : "";
const nodeVersion = nodeSays("process.versions.node");
const nodeCanExec = nodeSays("typeof process.execve") === "function";
const projectFloor = (JSON.parse(await readFile(join(root, "package.json"), "utf8")).engines.node as string).slice(2);
const atLeast = (version: string, floor: string) =>
  Bun.semver.order(version, floor.split(".").length < 3 ? `${floor}.0` : floor) >= 0;

const ENTRY = `const code: number = Number(process.argv[2] ?? 0);
console.log(JSON.stringify({ pid: process.pid, args: process.argv.slice(2), execArgv: process.execArgv }));
process.exit(code);
`;

const scratch: string[] = [];
afterAll(async () => {
  for (const dir of scratch) await rm(dir, { recursive: true, force: true });
});

/** A project with the launcher, `engines.node` = `floor`, entry.ts, and a stand-in Bun that echoes its arguments. */
async function project(floor: string, { bun }: { bun: boolean }): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "run-ts-"));
  scratch.push(dir);
  await mkdir(join(dir, "scripts"));
  await copyFile(join(root, "scripts", "run-ts.mjs"), join(dir, "scripts", "run-ts.mjs"));
  await writeFile(join(dir, "package.json"), JSON.stringify({ type: "module", engines: { node: floor } }));
  await writeFile(join(dir, "entry.ts"), ENTRY);
  if (bun) {
    const bin = join(dir, "node_modules", "bun", "bin");
    await mkdir(bin, { recursive: true });
    await writeFile(join(bin, "bun.exe"), '#!/bin/sh\necho "bun $*"\nexit 4\n');
    await chmod(join(bin, "bun.exe"), 0o755);
  }
  return dir;
}

function launch(dir: string, args: string[]) {
  const result = spawnSync(node as string, ["scripts/run-ts.mjs", ...args], { cwd: dir, encoding: "utf8" });
  return { code: result.status, pid: result.pid, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

describe.skipIf(!node)("scripts/run-ts.mjs", () => {
  const major = Number(nodeVersion.split(".")[0]);

  test.skipIf(!atLeast(nodeVersion, projectFloor))(
    "at or above the floor: node with type stripping runs the entry with its arguments and exit code (the same process where Node.js can exec)",
    async () => {
      const run = launch(await project(`>=${nodeVersion}`, { bun: true }), ["entry.ts", "3"]);
      expect(run.code).toBe(3);
      expect(run.stderr).toBe("");
      const printed = JSON.parse(run.stdout);
      expect(printed.args).toEqual(["3"]);
      expect(printed.execArgv).toContain("--experimental-strip-types");
      if (nodeCanExec) expect(printed.pid).toBe(run.pid);
    },
  );

  test("below the floor: one line saying so, then the entry (and --watch) on the project's Bun, with its exit code", async () => {
    const dir = await project(`>=${major + 1}.2`, { bun: true });
    const run = launch(dir, ["entry.ts", "3"]);
    expect(run.code).toBe(4);
    expect(run.stdout).toBe("bun entry.ts 3");
    expect(run.stderr.split("\n")).toEqual([
      `Node.js ${nodeVersion} is older than this project needs (Node.js ${major + 1}.2 or newer): running entry.ts on Bun.`,
    ]);
    expect(launch(dir, ["--watch", "entry.ts"]).stdout).toBe("bun --watch entry.ts");
  });

  test("below the floor without Bun in node_modules: exit 1 with one line naming the Node.js needed and what to run", async () => {
    const run = launch(await project(`>=${major + 1}`, { bun: false }), ["entry.ts"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`needs Node.js ${major + 1} or newer (this is ${nodeVersion})`);
    expect(lines[0]).toContain("`npm install`");
  });
});
