/**
 * install.sh end to end: a local HTTP server on 127.0.0.1 serves a real dist/ (built here, with the host binary) in
 * GitHub's release layout, plus a fake multi-platform release to check which binary each platform asks for
 * (`uname`, `sysctl` and `ldd` are faked through PATH shims). Every failure path exits 1 and installs nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildDist } from "../../src/build/build-dist.ts";
import { formatSha256Sums } from "../../src/build/checksums.ts";
import { buildTarget, hostTargetName } from "../../src/build/targets.ts";
import { findTool, missing } from "../support/env.ts";
import { collectOutput, type ProcessOutput } from "../support/process.ts";

const repoRoot = join(import.meta.dirname, "../..");
const installScript = join(repoRoot, "install.sh");
const host = hostTargetName();
const { version: VERSION } = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { version: string };
const FAKE_TARGETS = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64"];

let work: string;
let realDist: string;
let fakeDist: string;
let server: ReturnType<typeof Bun.serve>;
let baseUrl: string;
const requests: string[] = [];

/**
 * Releases in GitHub's layout under `/<release>/releases/{latest/download,download/v<VERSION>}/<file>`:
 * `real` is the built dist/, `fake` has a tiny file per platform, `tampered` is `real` with a modified binary;
 * and the built dist/ as it is, under `/dist/`.
 */
function serveReleases(): ReturnType<typeof Bun.serve> {
  return Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      requests.push(path);
      // `/dist/<file>`: the output folder exactly as build.ts wrote it, served as static files (a flat mirror).
      const served = path.match(/^\/dist\/([^/]+)$/);
      if (served) {
        const file = Bun.file(join(realDist, served[1] ?? ""));
        return (await file.exists()) ? new Response(file) : new Response("not found", { status: 404 });
      }
      const match = path.match(/^\/(real|fake|tampered)\/releases\/(?:latest\/download|download\/v([^/]+))\/([^/]+)$/);
      if (!match || (match[2] !== undefined && match[2] !== VERSION)) return new Response("not found", { status: 404 });
      const [, release, , file = ""] = match;
      const dir = release === "fake" ? fakeDist : realDist;
      const body = Bun.file(join(dir, file));
      if (!(await body.exists())) return new Response("not found", { status: 404 });
      if (release === "tampered" && file.startsWith("scaffold-")) {
        const bytes = new Uint8Array(await body.arrayBuffer());
        bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
        return new Response(bytes);
      }
      return new Response(body);
    },
  });
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "scaffold-install-"));
  realDist = join(work, "dist");
  await buildDist({
    root: repoRoot,
    outDir: realDist,
    version: VERSION,
    targets: host ? [buildTarget(host)] : [],
    releasesUrl: "unused",
  });
  fakeDist = join(work, "fake");
  await mkdir(fakeDist);
  const sums: Record<string, string> = {};
  for (const target of FAKE_TARGETS) {
    const file = `scaffold-${target}`;
    await writeFile(join(fakeDist, file), `fake binary for ${target}\n`);
    sums[file] = new Bun.CryptoHasher("sha256").update(`fake binary for ${target}\n`).digest("hex");
  }
  await writeFile(join(fakeDist, "SHA256SUMS"), formatSha256Sums(sums));
  server = serveReleases();
  baseUrl = `http://127.0.0.1:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.stop(true);
  await rm(work, { recursive: true, force: true });
});

/** A folder of executable shell scripts, put first on PATH to stand in for system tools. */
async function shims(scripts: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(work, "shims-"));
  for (const [name, body] of Object.entries(scripts)) {
    await writeFile(join(dir, name), `#!/bin/sh\n${body}\n`);
    await chmod(join(dir, name), 0o755);
  }
  return dir;
}

/** A PATH folder holding only the named real tools (symlinks), to take others away. */
async function onlyTools(names: string[]): Promise<string> {
  const dir = await mkdtemp(join(work, "tools-"));
  for (const name of names) {
    const real = findTool(name);
    if (!real) throw new Error(`${name} is needed by this test`);
    await symlink(real, join(dir, name));
  }
  return dir;
}

interface InstallRun extends ProcessOutput {
  installDir: string;
  installed: string[];
}

async function install(
  release: string,
  options: { args?: string[]; env?: Record<string, string>; pathPrefix?: string; path?: string } = {},
): Promise<InstallRun> {
  const installDir = join(await mkdtemp(join(work, "home-")), "bin");
  const path = options.path ?? `${options.pathPrefix ? `${options.pathPrefix}:` : ""}${process.env.PATH}`;
  const output = await collectOutput(
    Bun.spawn(["/bin/sh", installScript, ...(options.args ?? [])], {
      env: {
        PATH: path,
        HOME: work,
        SCAFFOLD_BASE_URL: `${baseUrl}/${release}/releases`,
        SCAFFOLD_INSTALL_DIR: installDir,
        ...options.env,
      },
      stdout: "pipe",
      stderr: "pipe",
    }),
  );
  const installed = await readdir(installDir).catch(() => []);
  return { ...output, installDir, installed };
}

describe.skipIf(!host)("install.sh with the host binary", () => {
  test("installs the latest release, verified, executable, and says how to put it on PATH", async () => {
    const run = await install("real");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.installed).toEqual(["scaffold"]);
    const binary = join(run.installDir, "scaffold");
    expect((await stat(binary)).mode & 0o777).toBe(0o755);
    expect(Buffer.from(await readFile(binary)).equals(await readFile(join(realDist, `scaffold-${host}`)))).toBe(true);
    expect(requests).toContain(`/real/releases/latest/download/scaffold-${host}`);
    expect(requests).toContain("/real/releases/latest/download/SHA256SUMS");
    expect(run.stdout).toContain(`Installed scaffold to ${binary}`);
    expect(run.stdout).toContain(`export PATH="${run.installDir}:$PATH"`);
    const ran = Bun.spawnSync([binary, "--version"]);
    expect(ran.exitCode).toBe(0);
    expect(ran.stdout.toString().trim()).toBe(VERSION);
  }, 30_000);

  test("a pinned version (flag or env, with or without v) downloads that release; no PATH hint when on PATH", async () => {
    for (const pin of [{ args: ["--version", `v${VERSION}`] }, { env: { SCAFFOLD_VERSION: VERSION } }]) {
      requests.length = 0;
      const installDir = await mkdtemp(join(work, "onpath-"));
      const run = await install("real", {
        ...pin,
        env: { ...pin.env, SCAFFOLD_INSTALL_DIR: installDir },
        pathPrefix: installDir,
      });
      expect(run.exitCode).toBe(0);
      expect(requests).toEqual([
        `/real/releases/download/v${VERSION}/scaffold-${host}`,
        `/real/releases/download/v${VERSION}/SHA256SUMS`,
      ]);
      expect(await readdir(installDir)).toEqual(["scaffold"]);
      expect(run.stdout).not.toContain("not on your PATH");
    }
  }, 30_000);

  test("--install-dir and --base-url flags override the environment", async () => {
    const installDir = join(await mkdtemp(join(work, "flag-")), "deep/bin");
    const run = await install("nowhere", {
      args: [`--install-dir=${installDir}`, "--base-url", `${baseUrl}/real/releases/`],
    });
    expect(run.exitCode).toBe(0);
    expect(await readdir(installDir)).toEqual(["scaffold"]);
  }, 30_000);

  test("--from installs from dist/ as build.ts writes it, served over HTTP or as a local folder", async () => {
    const sources = [
      { args: ["--from", `${baseUrl}/dist/`], url: `${baseUrl}/dist`, verb: "Downloading" },
      // A local folder is copied, and says so.
      { env: { SCAFFOLD_FROM: realDist }, url: realDist, verb: "Copying" },
    ];
    for (const { args, env, url, verb } of sources) {
      requests.length = 0;
      const run = await install("nowhere", { args, env });
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toContain(`${verb} scaffold-${host} from ${url}`);
      const binary = join(run.installDir, "scaffold");
      expect(Buffer.from(await readFile(binary)).equals(await readFile(join(realDist, `scaffold-${host}`)))).toBe(true);
      if (url.startsWith("http")) expect(requests).toEqual([`/dist/scaffold-${host}`, "/dist/SHA256SUMS"]);
      else expect(requests).toEqual([]);
    }
  }, 30_000);

  test("--from refuses --version (the folder holds one build) and fails clearly on a folder without the binary", async () => {
    const pinned = await install("real", { args: ["--from", realDist, "--version", VERSION] });
    expect(pinned.exitCode).toBe(2);
    expect(pinned.stderr).toContain("--version does not apply to --from");
    const empty = await mkdtemp(join(work, "empty-dist-"));
    const run = await install("real", { args: ["--from", empty] });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`copy failed: ${empty}/scaffold-${host}`);
    expect(run.installed).toEqual([]);
  }, 30_000);

  test("a checksum mismatch fails and installs nothing", async () => {
    const run = await install("tampered");
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`checksum mismatch for scaffold-${host}`);
    expect(run.installed).toEqual([]);
  }, 30_000);

  test("a version that does not exist fails with the URL", async () => {
    const run = await install("real", { args: ["--version", "0.0.1"] });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`download failed: ${baseUrl}/real/releases/download/v0.0.1/scaffold-${host}`);
    expect(run.installed).toEqual([]);
  }, 30_000);

  test("an unreachable server fails clearly", async () => {
    const dead = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const deadUrl = `http://127.0.0.1:${dead.port}/releases`;
    await dead.stop(true);
    const run = await install("real", { env: { SCAFFOLD_BASE_URL: deadUrl } });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain(`download failed: ${deadUrl}/latest/download/scaffold-${host}`);
    expect(run.installed).toEqual([]);
  }, 30_000);

  test("wget and shasum are used when curl and sha256sum are missing; neither checksum tool is an error", async () => {
    const base = [
      "sh",
      "uname",
      "mktemp",
      "rm",
      "awk",
      "cut",
      "cp",
      "chmod",
      "mv",
      "mkdir",
      "ls",
      "grep",
      "ldd",
      "getconf",
    ];
    const withWget = await install("real", { path: await onlyTools([...base, "wget", "shasum", "perl"]) });
    expect(withWget.stderr).toBe("");
    expect(withWget.exitCode).toBe(0);
    expect(withWget.installed).toEqual(["scaffold"]);
    const noHash = await install("real", { path: await onlyTools([...base, "curl"]) });
    expect(noHash.exitCode).toBe(1);
    expect(noHash.stderr).toContain("neither sha256sum nor shasum is installed");
    expect(noHash.installed).toEqual([]);
  }, 30_000);
});

describe("install.sh platform detection (uname faked)", () => {
  const cases: Array<{ platform: string; shim: Record<string, string>; file: string }> = [
    { platform: "Linux x86_64", shim: {}, file: "scaffold-linux-x64" },
    { platform: "Linux aarch64", shim: {}, file: "scaffold-linux-arm64" },
    { platform: "Darwin arm64", shim: { sysctl: "exit 1" }, file: "scaffold-darwin-arm64" },
    { platform: "Darwin x86_64", shim: { sysctl: "echo 0" }, file: "scaffold-darwin-x64" },
    { platform: "Darwin x86_64 under Rosetta", shim: { sysctl: "echo 1" }, file: "scaffold-darwin-arm64" },
  ];
  for (const { platform, shim, file } of cases) {
    test(`${platform} -> ${file}`, async () => {
      const [os, arch] = platform.split(" ");
      const path = await shims({ uname: `case $1 in -s) echo ${os} ;; -m) echo ${arch} ;; esac`, ...shim });
      requests.length = 0;
      const run = await install("fake", { pathPrefix: path });
      expect(run.stderr).toBe("");
      expect(run.exitCode).toBe(0);
      expect(requests[0]).toBe(`/fake/releases/latest/download/${file}`);
      expect(await readFile(join(run.installDir, "scaffold"), "utf8")).toBe(`fake binary for ${file.slice(9)}\n`);
    }, 30_000);
  }

  const failures: Array<{ name: string; shim: Record<string, string>; message: string }> = [
    {
      name: "an unsupported OS",
      shim: { uname: "case $1 in -s) echo FreeBSD ;; -m) echo amd64 ;; esac" },
      message: "unsupported operating system: FreeBSD",
    },
    {
      name: "an unsupported CPU",
      shim: { uname: "case $1 in -s) echo Linux ;; -m) echo riscv64 ;; esac" },
      message: "unsupported CPU architecture: riscv64",
    },
    {
      name: "Windows shells",
      shim: { uname: "case $1 in -s) echo MINGW64_NT-10.0 ;; -m) echo x86_64 ;; esac" },
      message: "on Windows, download scaffold-windows-x64.exe",
    },
    {
      name: "musl libc",
      shim: {
        uname: "case $1 in -s) echo Linux ;; -m) echo x86_64 ;; esac",
        ldd: "echo 'musl libc (x86_64)' >&2; exit 1",
      },
      message: "musl libc (e.g. Alpine Linux) is not supported",
    },
  ];
  for (const { name, shim, message } of failures) {
    test(`${name} fails with a clear message and downloads nothing`, async () => {
      requests.length = 0;
      const run = await install("fake", { pathPrefix: await shims(shim) });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toContain(message);
      expect(requests).toEqual([]);
      expect(run.installed).toEqual([]);
    }, 30_000);
  }

  test("usage errors exit 2; --help prints the options", async () => {
    const bad = await install("fake", { args: ["--frobnicate"] });
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("unknown option --frobnicate");
    const help = await install("fake", { args: ["--help"] });
    expect(help.exitCode).toBe(0);
    for (const option of [
      "--version",
      "--install-dir",
      "--base-url",
      "--from",
      "SCAFFOLD_VERSION",
      "SCAFFOLD_INSTALL_DIR",
      "SCAFFOLD_FROM",
    ]) {
      expect(help.stdout).toContain(option);
    }
  });
});

test.skipIf(missing("shellcheck", findTool("shellcheck")))("install.sh is shellcheck-clean (POSIX sh)", () => {
  const run = Bun.spawnSync(["shellcheck", "--shell=sh", installScript], { stderr: "pipe" });
  expect(run.stdout.toString() + run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
});
