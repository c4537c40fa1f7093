/**
 * The compiled binary for this machine, built once from the repository: it starts, and `scaffold new demo` writes
 * exactly what `bun src/cli.ts new demo` writes, from its embedded templates, with no network (proxies point at a
 * closed port, so any download attempt would fail).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { realpathSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { hostTargetName } from "../../src/build/targets.ts";
import { collectOutput } from "../support/process.ts";

const repoRoot = join(import.meta.dirname, "../..");
const host = hostTargetName();
const { version } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { version: string };
const deadProxy = "http://127.0.0.1:9";
const offlineEnv = {
  PATH: process.env.PATH ?? "",
  HOME: tmpdir(),
  NO_COLOR: "1",
  http_proxy: deadProxy,
  https_proxy: deadProxy,
  HTTP_PROXY: deadProxy,
  HTTPS_PROXY: deadProxy,
};

let work: string;
let binary: string;
let buildOutput: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "scaffold-binary-"));
  if (!host) return;
  // Through build.ts itself, as `npm run build -- --target <host>` runs it.
  const dist = join(work, "dist");
  const build = Bun.spawnSync([process.execPath, "build.ts", "--target", host, "--outdir", dist], {
    cwd: repoRoot,
    stderr: "pipe",
  });
  if (build.exitCode !== 0) throw new Error(`build.ts failed: ${build.stdout}${build.stderr}`);
  buildOutput = build.stdout.toString();
  binary = join(dist, `scaffold-${host}`);
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

function run(command: string[], cwd: string) {
  return collectOutput(Bun.spawn(command, { cwd, env: { ...offlineEnv, HOME: cwd }, stdout: "pipe", stderr: "pipe" }));
}

/** Every file of a generated project (but .git's internals) with its contents and mode. */
async function snapshot(dir: string): Promise<Record<string, { mode: number; contents: string }>> {
  const files: Record<string, { mode: number; contents: string }> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    const path = relative(dir, full);
    if (!entry.isFile() || path.startsWith(".git/")) continue;
    files[path] = { mode: (await stat(full)).mode & 0o777, contents: await readFile(full, "utf8") };
  }
  return files;
}

describe.skipIf(!host)("the compiled binary", () => {
  test("build.ts reports what it wrote; only the host binary, so no formula", () => {
    expect(buildOutput).toContain(`built scaffold ${version} into`);
    for (const file of [`scaffold-${host}`, `templates-${version}.tar.gz`, "install.sh", "SHA256SUMS"]) {
      expect(buildOutput).toContain(`  ${file}\n`);
    }
    expect(buildOutput).toContain("scaffold.rb skipped");
  });

  test("build.ts refuses an unknown target with the list and its usage (exit 2)", () => {
    const run = Bun.spawnSync([process.execPath, "build.ts", "--target", "sparc"], { cwd: repoRoot, stderr: "pipe" });
    expect(run.exitCode).toBe(2);
    expect(run.stderr.toString()).toContain('unknown target "sparc": use one of linux-x64');
    expect(run.stderr.toString()).toContain("usage: npm run build");
  });

  test("--version prints the package version", async () => {
    const result = await run([binary, "--version"], work);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  });

  test("--help lists the commands, within 80 columns, with the choices of its embedded manifest", async () => {
    const result = await run([binary, "--help"], work);
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).toContain("new");
    expect(result.stdout + result.stderr).toContain("doctor");
    expect(result.stdout.split("\n").filter((line) => line.length > 80 || /\s$/.test(line))).toEqual([]);
    // Its embedded manifest generates every choice, the same as the source tree's.
    expect(result.stdout.replace(/\s+/g, " ")).toContain(
      "Observability (full template only): none (default), basic, advanced",
    );
  });

  test("doctor carries the projects' Node.js floor (the template's engines, read at build time)", async () => {
    const bin = join(work, "fake-node");
    await mkdir(bin);
    await writeFile(join(bin, "node"), "#!/bin/sh\necho v22.12.0\n", { mode: 0o755 });
    const result = await collectOutput(
      Bun.spawn([binary, "doctor"], { cwd: work, env: { ...offlineEnv, PATH: bin }, stdout: "pipe", stderr: "pipe" }),
    );
    const { engines } = JSON.parse(await readFile(join(repoRoot, "templates/layers/base/package.json"), "utf8"));
    const floor = String(engines.node).replace(/^>=\s*/, "");
    expect(result.stdout).toContain(`[WARN] node 22.12.0 is older than ${floor}, the generated projects' floor`);
    expect(result.exitCode).toBe(1);
  });

  test("ordinary short names are projects, typos of commands are refused (exit 2)", async () => {
    for (const name of ["dev", "next", "web", "hello"]) {
      const result = await run([binary, name, "-n", "--json"], work);
      expect([name, result.exitCode, result.stderr]).toEqual([name, 0, ""]);
      expect(JSON.parse(result.stdout)).toMatchObject({ dryRun: true, project: name });
    }
    for (const [typo, command] of [
      ["doctr", "doctor"],
      ["add-modle", "add-model"],
      ["verison", "version"],
    ] as const) {
      const result = await run([binary, typo], work);
      expect([typo, result.exitCode]).toEqual([typo, 2]);
      expect(result.stderr).toContain(`did you mean \`scaffold ${command}\`?`);
    }
  });

  test("the last spelling of a boolean flag wins", async () => {
    const cwd = join(work, "last-flag");
    await mkdir(cwd);
    const dryRun = await run([binary, "new", "foo", "--no-dry-run", "--dry-run", "--json"], cwd);
    expect(dryRun.exitCode).toBe(0);
    expect(JSON.parse(dryRun.stdout)).toMatchObject({ dryRun: true });
    expect(await readdir(cwd)).toEqual([]);
    const written = await run([binary, "new", "foo", "-n", "--dry-run=false"], cwd);
    expect(written.exitCode).toBe(0);
    expect(written.stdout).toContain("Created foo");
  }, 60_000);

  test("--template-source takes the templates archive a release publishes", async () => {
    const cwd = join(work, "dist");
    const archive = `templates-${version}.tar.gz`;
    for (const source of [`./${archive}`, `file://${join(cwd, archive)}`]) {
      const result = await run([binary, "new", "demo", "-n", "--json", "--template-source", source], cwd);
      expect([source, result.exitCode, result.stderr]).toEqual([source, 0, ""]);
      expect(JSON.parse(result.stdout)).toMatchObject({ templateVersion: version });
    }
  });

  test("`new demo` writes the same project as `bun src/cli.ts new demo`, offline", async () => {
    const fromBinary = join(work, "binary");
    const fromSource = join(work, "source");
    await mkdir(fromBinary);
    await mkdir(fromSource);
    const built = await run([binary, "new", "demo"], fromBinary);
    expect(built.stderr).not.toContain("rror");
    expect(built.exitCode).toBe(0);
    expect(built.stdout).toContain("Created demo");
    const source = await run([process.execPath, join(repoRoot, "src/cli.ts"), "new", "demo"], fromSource);
    expect(source.exitCode).toBe(0);

    // add-model too, which formats a model's files with the binary's embedded Biome (HOME outside the project: Bun
    // keeps its transpiler cache there).
    const addModel = [
      "add-model",
      "Category",
      "--fields",
      "name:string,averageShelfLifeInDaysForTheCategory:int",
      "--yes",
    ];
    const inProject = (dir: string) => ({ cwd: join(dir, "demo"), env: { ...offlineEnv, HOME: dir } });
    const addedByBinary = await collectOutput(
      Bun.spawn([binary, ...addModel], { ...inProject(fromBinary), stdout: "pipe", stderr: "pipe" }),
    );
    expect(addedByBinary.stderr).not.toContain("rror");
    expect(addedByBinary.exitCode).toBe(0);
    const bySource = [process.execPath, join(repoRoot, "src/cli.ts"), ...addModel];
    const addedBySource = await collectOutput(
      Bun.spawn(bySource, { ...inProject(fromSource), stdout: "pipe", stderr: "pipe" }),
    );
    expect(addedBySource.exitCode).toBe(0);
    // The runs' times are all that may differ.
    for (const dir of [fromBinary, fromSource]) {
      const manifest = join(dir, "demo", "scaffold.json");
      await writeFile(manifest, (await readFile(manifest, "utf8")).replace(/"at": "[^"]+"/, '"at": "<run time>"'));
    }

    const expected = await snapshot(join(fromSource, "demo"));
    expect(Object.keys(expected)).toContain("scaffold.json");
    expect(Object.keys(expected).length).toBeGreaterThan(10);
    expect(await snapshot(join(fromBinary, "demo"))).toEqual(expected);
    // The same initial commit (same tracked files), made without any git identity configured (HOME is empty).
    const tracked = (dir: string) => Bun.spawnSync(["git", "ls-files"], { cwd: join(dir, "demo") }).stdout.toString();
    expect(tracked(fromBinary)).toBe(tracked(fromSource));
    expect(tracked(fromBinary).split("\n")).toContain("scaffold.json");
  }, 180_000);

  test("carries Biome's WebAssembly inside: it never looks for it in the build machine's node_modules", async () => {
    const onDisk = realpathSync(join(repoRoot, "node_modules/@biomejs/wasm-nodejs"));
    const bytes = await readFile(binary);
    expect(bytes.includes(onDisk)).toBe(false);
    const wasm = await readFile(join(onDisk, "biome_wasm_bg.wasm"));
    expect(bytes.includes(wasm.subarray(0, 4096))).toBe(true);
  });
});
