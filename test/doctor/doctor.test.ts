/** `scaffold doctor` with a controlled PATH of fake executables: every branch of every check, and the exit code. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { cliEnv, repoRoot, runCli, tempDir, useTempHome } from "../cli/run-cli.ts";

useTempHome();

let work: string;
let counter = 0;
beforeAll(async () => {
  work = await tempDir("scaffold-doctor-");
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Fake tools: each prints `output` for --version; `daemon` says whether `<tool> info` succeeds. */
type Fake = { version: string; daemon?: boolean };

async function doctorWith(tools: Record<string, Fake>) {
  const bin = join(work, `bin-${++counter}`);
  await mkdir(bin);
  for (const [name, { version, daemon }] of Object.entries(tools)) {
    const script = `#!/bin/sh\nif [ "$1" = info ]; then ${daemon ? "exit 0" : 'echo "Cannot connect to the daemon" >&2; exit 1'}; fi\necho "${version}"\n`;
    await writeFile(join(bin, name), script);
    await chmod(join(bin, name), 0o755);
  }
  const result = await runCli(["doctor"], work, { env: cliEnv({ PATH: bin }) });
  return { ...result, lines: result.stdout.trim().split("\n") };
}

/** The generated projects' Node.js floor, read here from the template's `engines` (">=22.13" -> "22.13"). */
const { engines } = JSON.parse(await readFile(join(repoRoot, "templates/layers/base/package.json"), "utf8"));
const FLOOR = String(engines.node).replace(/^>=\s*/, "");

const NODE = { version: "v24.1.0" };
const NPM = { version: "10.8.2" };
const BUN = { version: "1.4.5" };
const DENO = { version: "deno 2.9.6 (stable, release, x86_64-unknown-linux-gnu)\nv8 14.0\ntypescript 5.9" };
const GIT = { version: "git version 2.43.0" };

describe("scaffold doctor", () => {
  test("everything present: [OK] lines with versions, all checks passed, exit 0", async () => {
    const { exitCode, lines } = await doctorWith({
      node: NODE,
      bun: BUN,
      deno: DENO,
      git: GIT,
      docker: { version: "Docker version 27.1.1, build 6312585", daemon: true },
    });
    expect(lines).toEqual([
      "[OK]   node 24.1.0",
      "[OK]   bun 1.4.5",
      "[OK]   deno 2.9.6",
      "[OK]   git 2.43.0",
      "[OK]   docker 27.1.1 (daemon running)",
      "All required checks passed.",
    ]);
    expect(exitCode).toBe(0);
  });

  test("one runtime is enough; missing git and container runtime are warnings that say how to fix", async () => {
    const { exitCode, lines } = await doctorWith({ bun: BUN });
    expect(lines[0]).toBe("[OK]   bun 1.4.5");
    expect(lines[1]).toStartWith("[WARN] git not found (recommended): install git");
    expect(lines[2]).toStartWith("[WARN] No container runtime (optional): install Docker");
    expect(lines[3]).toBe("All required checks passed (2 warnings).");
    expect(exitCode).toBe(0);
  });

  test("a Node.js below the projects' engines floor without npm is a warning; no usable runtime fails, exit 1", async () => {
    const { exitCode, lines } = await doctorWith({ node: { version: "v20.11.0" }, git: GIT });
    expect(lines[0]).toBe(
      `[WARN] node 20.11.0 is older than ${FLOOR}, the generated projects' floor, and npm is missing: install Node.js ${FLOOR} or newer (https://nodejs.org)`,
    );
    expect(lines[1]).toStartWith(`[FAIL] No usable JavaScript runtime: install Node.js ${FLOOR} or newer`);
    expect(lines.at(-1)).toBe("1 required check failed: fix the [FAIL] line above.");
    expect(exitCode).toBe(1);
  });

  test("an old Node.js with npm runs projects through their bundled Bun: a warning with that route, exit 0", async () => {
    for (const version of ["v20.20.2", "v22.12.0"]) {
      const { exitCode, lines } = await doctorWith({ node: { version }, npm: NPM, git: GIT });
      expect(lines[0]).toBe(
        `[WARN] node ${version.slice(1)} is older than ${FLOOR}, the generated projects' floor: their \`npm start\`, \`npm run dev\` and \`npm run apidocs\` run on the Bun that \`npm install\` brings instead; install Node.js ${FLOOR} or newer to run them on Node.js (https://nodejs.org)`,
      );
      expect(lines.filter((line) => line.startsWith("[FAIL]"))).toEqual([]);
      expect(lines.at(-1)).toBe("All required checks passed (2 warnings).");
      expect(exitCode).toBe(0);
    }
  });

  test("the scripts that warning names are the ones that fall back to Bun: each runs scripts/run-ts.mjs", async () => {
    const scripts = async (layer: string) =>
      JSON.parse(await readFile(join(repoRoot, "templates/layers", layer, "package.json"), "utf8")).scripts;
    const base = await scripts("base");
    for (const layer of ["rest", "graphql"]) {
      const all = { ...base, ...(await scripts(layer)) };
      for (const name of ["start", "dev", "apidocs"]) expect(all[name]).toStartWith("node scripts/run-ts.mjs ");
    }
    const runTs = await readFile(join(repoRoot, "templates/layers/base/scripts/run-ts.mjs"), "utf8");
    expect(runTs).toContain('join(root, "node_modules", "bun", "bin", "bun.exe")');
  });

  test("no runtime at all fails; old Bun warns while a recent Deno passes", async () => {
    const none = await doctorWith({});
    expect(none.lines.filter((l) => l.startsWith("[FAIL]"))).toHaveLength(1);
    expect(none.exitCode).toBe(1);
    const mixed = await doctorWith({ bun: { version: "1.1.30" }, deno: { version: "deno 2.0.0" }, git: GIT });
    expect(mixed.lines.slice(0, 2)).toEqual([
      "[WARN] bun 1.1.30 is too old: generated projects need Bun 1.2 or newer (https://bun.sh)",
      "[OK]   deno 2.0.0",
    ]);
    expect(mixed.exitCode).toBe(0);
  });

  test("a container runtime without its daemon warns; podman with a running daemon passes", async () => {
    const { exitCode, lines } = await doctorWith({
      node: NODE,
      git: GIT,
      docker: { version: "Docker version 27.1.1, build 6312585", daemon: false },
      podman: { version: "podman version 4.9.3", daemon: true },
    });
    expect(lines).toContain(
      "[WARN] docker 27.1.1 is installed but its daemon is not running (optional): start it, e.g. `sudo systemctl start docker`",
    );
    expect(lines).toContain("[OK]   podman 4.9.3 (daemon running)");
    expect(lines.at(-1)).toBe("All required checks passed (1 warning).");
    expect(exitCode).toBe(0);
  });
});
