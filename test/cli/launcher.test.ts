/**
 * The CLI from source on Bun, Node.js 24 and Deno, and the npm `bin` launcher after `npm link` (into a temporary
 * prefix), started by the system's Node.js (which may not strip types) and by Node.js 24.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { cp, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { delimiter, dirname, join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { missing } from "../support/env.ts";
import { cliEnv, cliPath, listTree, repoBin, repoRoot, runCli, tempDir, useTempHome } from "./run-cli.ts";

useTempHome();

let work: string;
beforeAll(async () => {
  work = await tempDir("scaffold-launcher-");
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const projectFiles = async (dir: string) => (await listTree(dir)).filter((p) => p !== ".git" && !p.startsWith(".git/"));

describe("from source on every runtime", () => {
  const runtimes: [string, string[]][] = [
    ["bun", [process.execPath, cliPath]],
    ["node 24", [join(repoBin, "node"), cliPath]],
    ["deno", [join(repoBin, "deno"), "run", "-A", "--no-lock", cliPath]],
  ];
  const generated: Record<string, string[]> = {};
  for (const [name, command] of runtimes) {
    test(`${name}: --version and new demo`, async () => {
      const cwd = join(work, name.replace(" ", "-"));
      await mkdir(cwd);
      const version = await runCli(["--version"], cwd, { command });
      expect(version.stdout.trim()).toBe(pkg.version);
      const result = await runCli(["new", "demo", "-d", "sqlite"], cwd, { command });
      expect(result.stderr).toBe("");
      expect(result.exitCode).toBe(0);
      generated[name] = await projectFiles(join(cwd, "demo"));
      expect(generated[name]).toContain("scaffold.json");
      expect(generated[name]).toEqual(generated.bun ?? []);
      expect(await listTree(join(cwd, "demo"))).toContain(".git/HEAD");
    }, 60_000);
  }
});

describe("npm link from a clone", () => {
  let prefix: string;
  let cwd: string;
  beforeAll(async () => {
    // A clone-like package: the real launcher and sources; only Bun in node_modules (the launcher's fallback), and a
    // package.json without dependencies so that npm link cannot touch the shared node_modules of this repository.
    const clone = join(work, "clone");
    await mkdir(join(clone, "node_modules"), { recursive: true });
    await cp(join(repoRoot, "bin"), join(clone, "bin"), { recursive: true });
    await symlink(join(repoRoot, "src"), join(clone, "src"));
    await symlink(join(repoRoot, "templates"), join(clone, "templates"));
    await symlink(join(repoRoot, "node_modules/bun"), join(clone, "node_modules/bun"));
    const { name, version, type, bin } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8"));
    await writeFile(join(clone, "package.json"), JSON.stringify({ name, version, type, bin }));
    prefix = join(work, "prefix");
    cwd = join(work, "linked");
    await mkdir(cwd);
    const link = Bun.spawnSync(["npm", "link", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: clone,
      env: { ...process.env, npm_config_prefix: prefix, npm_config_update_notifier: "false" },
    });
    if (link.exitCode !== 0) throw new Error(`npm link failed: ${link.stderr}`);
  }, 120_000);

  /** The machine's own Node.js: the first `node` on PATH outside this repository's node_modules/.bin. */
  const outsidePath = (process.env.PATH ?? "")
    .split(delimiter)
    .filter((dir) => !dir.includes("node_modules"))
    .join(delimiter);
  const systemNode = Bun.which("node", { PATH: outsidePath });

  test.skipIf(missing("a Node.js on PATH outside node_modules", systemNode))(
    "`scaffold` is on PATH and works with the machine's own Node.js (whatever its version)",
    async () => {
      const env = cliEnv({ PATH: `${join(prefix, "bin")}:${dirname(systemNode ?? "")}:/usr/bin:/bin` });
      const scaffold = join(prefix, "bin", "scaffold");
      expect((await runCli(["--version"], cwd, { command: [scaffold], env })).stdout.trim()).toBe(pkg.version);
      const result = await runCli(["new", "demo", "-n", "--json"], cwd, { command: [scaffold], env });
      expect(result.exitCode).toBe(0);
      expect(JSON.parse(result.stdout).project).toBe("demo");
    },
    30_000,
  );

  test("a Node.js without type stripping runs the CLI with the package's Bun (exit codes pass through)", async () => {
    const noStripping = [join(repoBin, "node"), "--no-experimental-strip-types", join(prefix, "bin", "scaffold")];
    const env = cliEnv({ PATH: "/usr/bin:/bin" });
    const probe = Bun.spawnSync([
      noStripping[0] ?? "",
      "--no-experimental-strip-types",
      "-p",
      "process.features.typescript",
    ]);
    expect(probe.stdout.toString().trim()).toBe("false");
    expect((await runCli(["--version"], cwd, { command: noStripping, env })).stdout.trim()).toBe(pkg.version);
    expect((await runCli(["new", "Bad"], cwd, { command: noStripping, env })).exitCode).toBe(2);
  }, 30_000);

  test("`scaffold new demo` works with Node.js 24 first on PATH (type stripping), exit codes pass through", async () => {
    const env = cliEnv({ PATH: `${join(prefix, "bin")}:${repoBin}:/usr/bin:/bin` });
    const scaffold = join(prefix, "bin", "scaffold");
    const result = await runCli(["new", "demo"], cwd, { command: [scaffold], env });
    expect(result.exitCode).toBe(0);
    expect(await listTree(join(cwd, "demo"))).toContain("scaffold.json");
    const usage = await runCli(["new", "Bad"], cwd, { command: [scaffold], env });
    expect(usage.exitCode).toBe(2);
  }, 30_000);
});
