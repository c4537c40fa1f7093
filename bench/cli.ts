/**
 * How long `scaffold new demo` takes, beside its peers, in one hyperfine run (`npm run bench:cli`):
 *   - the compiled binary (built here for the host, templates embedded)   <- the subject
 *   - `bun src/cli.ts new demo` (from source)
 *   - create-better-t-stack (Hono + Node + Drizzle + Postgres + better-auth, no install, no git)
 *   - `nest new --skip-install --skip-git`
 * The peers are installed from npm into a bench-only folder (reused across runs) and run under Node 24.
 * Baselines from the same run: the binary's `--dry-run` (start-up and planning, nothing written), the binary with no
 * git on PATH (no `git init` + first commit), `cp -r` of the project the binary generates, `.git` included (the
 * file system's cost of writing those same files), and `cp -r` of the same files without `.git` followed by
 * `git init && git add -A && git commit` in a shell (the same tree and commit by hand) <- the target's baseline:
 * the binary at most 2x its median.
 * Medians and ratios to the binary are printed at the end, then the binary's ratio to that baseline.
 * Then, in a second hyperfine run, `scaffold add-model` on a generated project (without and with the migration step)
 * beside `nest g resource` (bench/cli-add-model.ts; target < 50 ms median without the migration step).
 * Options: --runs <n> (default: hyperfine's own choice), --dir <folder> (where projects are written; default: the
 * temp folder; its file system matters a lot, see docs/install.md "Speed"), --rows new|add-model|all (default all).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildDist } from "../src/build/build-dist.ts";
import { buildTarget, hostTargetName } from "../src/build/targets.ts";
import { benchAddModel } from "./cli-add-model.ts";

const root = join(import.meta.dirname, "..");
/** The binary's median at most this many times the `cp -r` + git baseline's. */
const TARGET_RATIO = 2;
const PEERS = { "create-better-t-stack": "3.44.1", "@nestjs/cli": "12.0.8" };
const peersDir = join(tmpdir(), "scaffold-bench-peers");
const BY_HAND = "cp -r + git init/add/commit";

function need(tool: string, install: string): string {
  const path = Bun.which(tool);
  if (!path) {
    console.error(`bench/cli.ts needs ${tool}: ${install}`);
    process.exit(1);
  }
  return path;
}

function run(command: string[], cwd: string, env = process.env): void {
  const result = Bun.spawnSync(command, { cwd, env, stdout: "inherit", stderr: "inherit" });
  if (result.exitCode !== 0) throw new Error(`${command.join(" ")} failed with exit ${result.exitCode}`);
}

/** The peers, pinned, in their own folder; installed once and reused while the versions match. */
async function installPeers(): Promise<void> {
  const manifest = JSON.stringify({ private: true, dependencies: PEERS }, null, 2);
  const current = await readFile(join(peersDir, "package.json"), "utf8").catch(() => "");
  if (current === manifest && (await Bun.file(join(peersDir, "node_modules/.bin/nest")).exists())) return;
  await mkdir(peersDir, { recursive: true });
  await writeFile(join(peersDir, "package.json"), manifest);
  console.log(`installing ${Object.keys(PEERS).join(", ")} into ${peersDir}`);
  run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], peersDir);
}

interface HyperfineResult {
  command: string;
  median: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  user: number;
  system: number;
}

async function bench(hyperfine: string, work: string, runs: string | undefined, rows: string): Promise<void> {
  const host = hostTargetName();
  if (!host) throw new Error(`no release target for ${process.platform}-${process.arch}`);
  const node = join(root, "node_modules/.bin/node");
  const bun = join(root, "node_modules/.bin/bun");
  const dist = join(work, "dist");
  const { version } = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string };
  console.log(`building scaffold-${host} ${version}`);
  await buildDist({ root, outDir: dist, version, targets: [buildTarget(host)], releasesUrl: "unused" });
  await installPeers();

  // A private HOME: peers keep history and caches there, git finds no user identity (as on a fresh machine).
  const home = join(work, "home");
  await mkdir(home);
  const env = { ...process.env, HOME: home, CI: "1", NO_COLOR: "1" };
  const scaffold = join(dist, `scaffold-${host}`);
  const peer = (bin: string) => join(peersDir, "node_modules/.bin", bin);
  if (rows !== "new") {
    await benchAddModel({ hyperfine, work, scaffold, node, nest: peer("nest"), env, runs, run });
    if (rows === "add-model") return;
  }
  const reference = join(work, "reference");
  await mkdir(reference);
  run([scaffold, "new", "demo"], reference, env);
  // The same files without the repository, for the baseline that makes the repository with git by hand.
  const tree = join(work, "tree");
  run(["cp", "-r", join(reference, "demo"), tree], work);
  await rm(join(tree, ".git"), { recursive: true });
  const byHand =
    `cp -r ${tree} demo && cd demo && git init -q && git add -A && ` +
    "git -c user.name=bench -c user.email=bench@localhost commit -qm 'Initial commit'";

  // The post step skips `git init` + first commit when git is missing: this row shows what git costs.
  const noGitPath = join(work, "no-git-path");
  await mkdir(noGitPath);

  // All commands write `demo` into the same empty folder; hyperfine removes it before every run.
  const cwd = join(work, "run");
  await mkdir(cwd);
  const commands: Array<[string, string]> = [
    ["scaffold binary", `${scaffold} new demo`],
    ["binary --dry-run", `${scaffold} new demo --dry-run`],
    ["binary, no git on PATH", `env PATH=${noGitPath} ${scaffold} new demo`],
    ["cp -r same files", `cp -r ${join(reference, "demo")} demo`],
    [BY_HAND, `sh -c ${JSON.stringify(byHand)}`],
    ["bun src/cli.ts", `${bun} ${join(root, "src/cli.ts")} new demo`],
    [
      "create-better-t-stack",
      `${node} ${peer("create-better-t-stack")} demo --frontend none --backend hono --runtime node ` +
        "--database postgres --orm drizzle --api none --auth better-auth --payments none --addons none " +
        "--examples none --db-setup none --web-deploy none --server-deploy none --package-manager npm " +
        "--no-install --no-git --disable-analytics --no-render-title --directory-conflict overwrite",
    ],
    ["nest new", `${node} ${peer("nest")} new demo --skip-install --skip-git --package-manager npm`],
  ];
  const exportPath = join(work, "hyperfine.json");
  const args = [hyperfine, "--shell=none", "--warmup", "2", "--prepare", "rm -rf demo", "--export-json", exportPath];
  if (runs) args.push("--runs", runs);
  for (const [name, command] of commands) args.push("--command-name", name, command);
  const filesystem = Bun.spawnSync(["df", "-T", cwd]).stdout.toString().trim().split("\n").pop() ?? "";
  console.log(`writing into ${cwd} (${filesystem.split(/\s+/)[1] ?? "unknown file system"})`);
  // Dirty pages left by the builds and installs above would be written back during the first command's runs.
  Bun.spawnSync(["sync"]);
  const loadBefore = loadavg()[0] ?? 0;
  const result = Bun.spawnSync(args, { cwd, env, stdout: "inherit", stderr: "inherit" });
  if (result.exitCode !== 0) throw new Error(`hyperfine failed with exit ${result.exitCode}`);

  const { results } = JSON.parse(await readFile(exportPath, "utf8")) as { results: HyperfineResult[] };
  const baseline = results[0]?.median ?? Number.NaN;
  console.log(
    "\nscaffold new demo (full template): median wall-clock time, ratio to the binary's median, and mean CPU",
  );
  console.log("time (user + system; less sensitive than wall-clock to other work on the machine)");
  const ms = (seconds: number) => `${(seconds * 1000).toFixed(1)} ms`;
  const width = Math.max(...results.map(({ command }) => command.length)) + 2;
  console.log(`${"command".padEnd(width)}${"median".padStart(12)}${"ratio".padStart(10)}${"cpu".padStart(12)}`);
  for (const { command, median, user, system } of results) {
    const ratio = `${(median / baseline).toFixed(2)}x`;
    console.log(
      `${command.padEnd(width)}${ms(median).padStart(12)}${ratio.padStart(10)}${ms(user + system).padStart(12)}`,
    );
  }
  // Other work on the machine skews every figure (hyperfine measures wall-clock time): say how busy it was.
  const cores = availableParallelism();
  const loadAfter = loadavg()[0] ?? 0;
  const busy = Math.max(loadBefore, loadAfter) > cores / 2 ? " (busy machine: figures are inflated)" : "";
  console.log(`load average ${loadBefore.toFixed(1)} -> ${loadAfter.toFixed(1)} on ${cores} cores${busy}`);
  const byHandMedian = results.find((result) => result.command === BY_HAND)?.median ?? Number.NaN;
  const ratio = baseline / byHandMedian;
  const verdict = ratio <= TARGET_RATIO ? "met" : "MISSED";
  console.log(`target: binary / (${BY_HAND}) <= ${TARGET_RATIO}x -> ${verdict} (${ratio.toFixed(2)}x)`);
}

const { values } = parseArgs({
  options: { runs: { type: "string" }, dir: { type: "string" }, rows: { type: "string", default: "all" } },
});
if (!["new", "add-model", "all"].includes(values.rows)) {
  console.error(`--rows ${values.rows}: use new, add-model or all`);
  process.exit(2);
}
const hyperfine = need("hyperfine", "apt-get install -y hyperfine (Debian/Ubuntu) or brew install hyperfine");
const work = await mkdtemp(join(values.dir ?? tmpdir(), "scaffold-bench-"));
try {
  await bench(hyperfine, work, values.runs, values.rows);
} finally {
  await rm(work, { recursive: true, force: true });
}
