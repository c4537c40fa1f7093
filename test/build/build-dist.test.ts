import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { open, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { buildDist } from "../../src/build/build-dist.ts";
import { buildTarget, hostTargetName, selectTargets } from "../../src/build/targets.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { makeFixtureRoot } from "./fixtures.ts";

const host = hostTargetName();
const releasesUrl = "https://example.test/acme/scaffold/releases";

function sha256sumCheck(dir: string): { exitCode: number; output: string } {
  const run = Bun.spawnSync(["sha256sum", "--check", "--strict", "SHA256SUMS"], { cwd: dir, stderr: "pipe" });
  return { exitCode: run.exitCode, output: run.stdout.toString() + run.stderr.toString() };
}

async function magic(path: string): Promise<string> {
  const file = await open(path);
  const bytes = new Uint8Array(4);
  await file.read(bytes, 0, 4, 0);
  await file.close();
  return Buffer.from(bytes).toString("hex");
}

let root: string;
beforeAll(async () => {
  root = await makeFixtureRoot();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe.skipIf(!host)("buildDist for the host target", () => {
  test("the binary carries the template tree on globalThis and runs the CLI module", async () => {
    const outDir = join(root, "dist-host");
    await writeFile(join(root, "unrelated.txt"), "kept");
    const files = await buildDist({
      root,
      outDir,
      version: "9.8.7",
      targets: [buildTarget(host ?? "linux-x64")],
      releasesUrl,
    });
    const binary = `scaffold-${host}`;
    expect(files).toEqual(["SHA256SUMS", "install.sh", binary, "templates-9.8.7.tar.gz"]);
    expect((await readdir(outDir)).sort()).toEqual(files);

    const run = Bun.spawnSync([join(outDir, binary), "new", "demo"], { stderr: "pipe" });
    expect(run.stderr.toString()).toBe("");
    const seen = JSON.parse(run.stdout.toString());
    expect(seen.argv).toEqual(["new", "demo"]);
    const fromDisk = await loadTemplateDir(join(root, "templates"));
    expect(seen.templates).toEqual(JSON.parse(JSON.stringify(fromDisk)));
    expect(seen.templates.files["layers/base/setup.sh"].mode).toBe(0o755);

    expect(sha256sumCheck(outDir)).toEqual({ exitCode: 0, output: expect.stringContaining(`${binary}: OK`) });
    const sums = await readFile(join(outDir, "SHA256SUMS"), "utf8");
    expect(
      sums
        .trim()
        .split("\n")
        .map((line) => line.split("  ")[1]),
    ).toEqual(["install.sh", binary, "templates-9.8.7.tar.gz"]);
  }, 120_000);

  test("a new build first removes the previous build's outputs, and only those", async () => {
    const outDir = join(root, "dist-clean");
    await buildDist({ root, outDir, version: "1.0.0", targets: [], releasesUrl });
    await writeFile(join(outDir, "scaffold-stale-target"), "old");
    await writeFile(join(outDir, "notes.txt"), "mine");
    const files = await buildDist({ root, outDir, version: "1.0.1", targets: [], releasesUrl });
    expect(files).toEqual(["SHA256SUMS", "install.sh", "templates-1.0.1.tar.gz"]);
    expect((await readdir(outDir)).sort()).toEqual([...files, "notes.txt"].sort());
  }, 60_000);
});

test("buildDist cross-compiles every target; the formula and SHA256SUMS describe the same files", async () => {
  const outDir = join(root, "dist-all");
  const files = await buildDist({ root, outDir, version: "9.8.7", targets: selectTargets([]), releasesUrl });
  expect(files).toEqual([
    "SHA256SUMS",
    "install.sh",
    "scaffold-darwin-arm64",
    "scaffold-darwin-x64",
    "scaffold-linux-arm64",
    "scaffold-linux-x64",
    "scaffold-windows-x64.exe",
    "scaffold.rb",
    "templates-9.8.7.tar.gz",
  ]);
  // ELF, Mach-O 64-bit (little-endian), PE ("MZ").
  expect(await magic(join(outDir, "scaffold-linux-x64"))).toBe("7f454c46");
  expect(await magic(join(outDir, "scaffold-linux-arm64"))).toBe("7f454c46");
  expect(await magic(join(outDir, "scaffold-darwin-x64"))).toBe("cffaedfe");
  expect(await magic(join(outDir, "scaffold-darwin-arm64"))).toBe("cffaedfe");
  expect((await magic(join(outDir, "scaffold-windows-x64.exe"))).slice(0, 4)).toBe("4d5a");

  expect(sha256sumCheck(outDir).exitCode).toBe(0);
  const sums = new Map(
    (await readFile(join(outDir, "SHA256SUMS"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => [line.split("  ")[1], line.split("  ")[0]]),
  );
  expect([...sums.keys()]).toEqual(files.filter((file) => file !== "SHA256SUMS"));
  const formula = await readFile(join(outDir, "scaffold.rb"), "utf8");
  for (const target of ["darwin-arm64", "darwin-x64", "linux-arm64", "linux-x64"]) {
    const url = `${releasesUrl}/download/v9.8.7/scaffold-${target}`;
    expect(formula).toContain(`url "${url}"\n      sha256 "${sums.get(`scaffold-${target}`)}"`);
  }
  await rm(outDir, { recursive: true });
}, 300_000);
