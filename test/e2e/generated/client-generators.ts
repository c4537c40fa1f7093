/**
 * Issue #32's client generators, run inside a generated project as its users would: the project after the add-model
 * chain, the generators installed with `npm install -D` at exact versions, their output type-checked with the
 * project's own TypeScript and called against the booted service.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import {
  type CommandResult,
  expectSuccess,
  generateProject,
  npmInstall,
  projectEnv,
  repoBin,
  repoRoot,
  runCommand,
} from "../../support/generated-project.ts";

/**
 * The versions checked, pinned so a new release cannot break CI unannounced; each is the latest npm installs into
 * the project without `--legacy-peer-deps` or `--force`. docs/typed-clients.md in the projects names the same.
 */
export const GENERATORS = {
  heyApi: "@hey-api/openapi-ts@0.99.0",
  orval: "orval@8.38.0",
  graphqlRequest: "graphql-request@7.4.0",
} as const;

/** The chain: a category, its products (with an unsigned stock), and the category's product list. */
const CHAIN = [
  ["Category", "--fields", "name:string:unique:not_null"],
  ["Product", "--fields", "title:string:not_null,stock:uint", "--belongs-to", "Category"],
  ["Category", "--has-many", "Product"],
];

/** Where the clients and the usage files go: outside the project's tsconfig and tests. */
export const SCRATCH = "client-check";

/** A `template` project on SQLite, installed, after the chain; returns its folder. */
export async function projectAfterChain(template: TemplateName): Promise<string> {
  const dir = await generateProject(template, "sqlite");
  expectSuccess("npm install", await npmInstall(dir));
  for (const args of CHAIN) {
    const cli = [join(repoRoot, "src/cli.ts"), "add-model", ...args, "--yes"];
    expectSuccess(
      `scaffold add-model ${args.join(" ")}`,
      await runCommand(join(repoBin, "bun"), cli, { cwd: dir, timeoutMs: 120_000 }),
    );
  }
  await mkdir(join(dir, SCRATCH), { recursive: true });
  return dir;
}

/** `npm install -D --save-exact <specs>`, which must resolve cleanly (no ERESOLVE, no forcing flag). */
export async function installDev(dir: string, specs: string[]): Promise<CommandResult> {
  const args = ["install", "-D", "--save-exact", "--prefer-offline", "--no-audit", "--no-fund", ...specs];
  return runCommand("npm", args, { cwd: dir, timeoutMs: 600_000 });
}

/** `npx <args>` in the project (its own node_modules/.bin). */
export function npx(dir: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return runCommand("npx", ["--no-install", ...args], { cwd: dir, env: projectEnv(env), timeoutMs: 180_000 });
}

/**
 * A tsconfig that sees only the scratch folder, as a frontend's would: bundler resolution, the DOM's fetch, strict.
 * `skipLibCheck` stays off so that generated declaration files (openapi-typescript's) are checked too.
 */
export async function writeScratchTsconfig(dir: string): Promise<void> {
  const tsconfig = {
    compilerOptions: {
      target: "ES2023",
      module: "ESNext",
      moduleResolution: "Bundler",
      lib: ["ES2023", "DOM", "DOM.Iterable"],
      types: ["node"],
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      skipLibCheck: false,
    },
    include: ["."],
  };
  await writeFile(join(dir, SCRATCH, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`);
}

/** The project's TypeScript over the scratch folder only. */
export function typecheckScratch(dir: string): Promise<CommandResult> {
  return npx(dir, ["tsc", "-p", join(SCRATCH, "tsconfig.json"), "--noEmit", "--strict"]);
}
