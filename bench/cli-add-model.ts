/**
 * The add-model rows of bench/cli.ts: `scaffold add-model Product …` (the compiled binary) on a generated project,
 * without the migration step (dependencies not installed: no drizzle-kit, no Biome) and with it (installed: drizzle-kit
 * generates the migration, Biome formats the files), beside the peer `nest g resource` in the project `nest new`
 * generates, in one hyperfine run. Each run starts from a fresh copy of the project (hyperfine's --prepare).
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

export const ADD_MODEL_TARGET_MS = 50;

export interface AddModelBench {
  hyperfine: string;
  work: string;
  scaffold: string;
  node: string;
  nest: string;
  env: Record<string, string | undefined>;
  runs: string | undefined;
  run(command: string[], cwd: string, env?: Record<string, string | undefined>): void;
}

interface HyperfineResult {
  command: string;
  median: number;
  user: number;
  system: number;
}

const FIELDS = "title:string:not_null,price:float64,stock:uint,published:bool,released_at:time:index";

export async function benchAddModel(options: AddModelBench): Promise<void> {
  const { hyperfine, work, scaffold, node, nest, env, runs, run } = options;
  const base = join(work, "add-model");
  await mkdir(base);
  // Two references: the project as `scaffold new` writes it, and one with its dependencies installed once (each run's
  // copy links to those node_modules, so the copy costs the same in both rows).
  run([scaffold, "new", "plain", "-d", "sqlite"], base, env);
  run([scaffold, "new", "installed", "-d", "sqlite"], base, env);
  run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], join(base, "installed"), env);
  run([node, nest, "new", "nest-demo", "--skip-install", "--skip-git", "--package-manager", "npm"], base, env);
  // `nest g resource` runs `npm install` when @nestjs/mapped-types is missing from package.json (its first resource
  // only): list it, so the row measures generating a resource, as add-model's does, not an install.
  const nestManifest = join(base, "nest-demo", "package.json");
  const manifest = JSON.parse(await readFile(nestManifest, "utf8")) as { dependencies: Record<string, string> };
  manifest.dependencies["@nestjs/mapped-types"] = "*";
  await writeFile(nestManifest, JSON.stringify(manifest, null, 2));
  const installedModules = join(base, "installed", "node_modules");
  const add = `${scaffold} add-model Product --fields ${FIELDS} --yes`;
  const commands: Array<[string, string, string]> = [
    ["add-model, no migration", `rm -rf p && cp -r ${join(base, "plain")} p`, add],
    [
      "add-model + migration",
      `rm -rf p && mkdir p && cp -r ${join(base, "installed")}/. p && rm -rf p/node_modules && ln -s ${installedModules} p/node_modules`,
      add,
    ],
    [
      "nest g resource",
      `rm -rf p && cp -r ${join(base, "nest-demo")} p`,
      `${node} ${nest} g resource product --type rest --no-spec`,
    ],
  ];
  const exportPath = join(base, "hyperfine.json");
  const args = [hyperfine, "--warmup", "1", "--export-json", exportPath];
  if (runs) args.push("--runs", runs);
  // Every command runs in the fresh copy; --prepare takes one command per benchmarked command, in order.
  for (const [, prepare] of commands) args.push("--prepare", prepare);
  for (const [name, , command] of commands) args.push("--command-name", name, `cd p && ${command}`);
  const result = Bun.spawnSync(args, { cwd: base, env, stdout: "inherit", stderr: "inherit" });
  if (result.exitCode !== 0) throw new Error(`hyperfine (add-model) failed with exit ${result.exitCode}`);
  const { results } = JSON.parse(await readFile(exportPath, "utf8")) as { results: HyperfineResult[] };
  const baseline = results[0]?.median ?? Number.NaN;
  const ms = (seconds: number) => `${(seconds * 1000).toFixed(1)} ms`;
  console.log("\nscaffold add-model Product (full template, SQLite): median, ratio to the row without migration, CPU");
  console.log(`${"command".padEnd(26)}${"median".padStart(12)}${"ratio".padStart(10)}${"cpu".padStart(12)}`);
  for (const { command, median, user, system } of results) {
    console.log(
      `${command.padEnd(26)}${ms(median).padStart(12)}${`${(median / baseline).toFixed(2)}x`.padStart(10)}${ms(user + system).padStart(12)}`,
    );
  }
  const verdict = baseline * 1000 < ADD_MODEL_TARGET_MS ? "met" : "MISSED";
  console.log(
    `target: add-model without the migration step < ${ADD_MODEL_TARGET_MS} ms median -> ${verdict} (${ms(baseline)})`,
  );
}
