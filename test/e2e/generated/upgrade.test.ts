import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useTempHome } from "../../cli/run-cli.ts";
import { buildReleases, RELEASE_2 } from "../../merge/releases.ts";
import { expectSuccess, npmInstall, npmRun, repoBin, repoRoot, runCommand } from "../../support/generated-project.ts";

useTempHome();
setDefaultTimeout(300_000);

const SERVICE = "src/categories/category.service.ts";
const RULE = "  // Business rule: categories are listed by name.\n";

let root = "";
let dir = "";

const scaffold = (args: string[], cwd: string) =>
  runCommand(join(repoBin, "bun"), [join(repoRoot, "src/cli.ts"), ...args], { cwd, timeoutMs: 120_000 });
const git = (args: string[]) =>
  runCommand("git", ["-c", "user.name=t", "-c", "user.email=t@localhost", ...args], { cwd: dir });

/**
 * The project as a user has it on day two: generated from release 1, installed, two models added (drizzle-kit wrote
 * their migrations), a business rule added to a service, committed; then upgraded to release 2.
 */
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "scaffold-e2e-upgrade-"));
  const { r1, r2 } = await buildReleases(join(root, "releases"));
  expectSuccess("scaffold new", await scaffold(["new", "shop", "-d", "sqlite", "--template-source", r1], root));
  dir = join(root, "shop");
  expectSuccess("npm install", await npmInstall(dir));
  for (const args of [
    ["add-model", "Category", "--fields", "name:string:unique:not_null", "--yes"],
    ["add-model", "Product", "--fields", "title:string:not_null,price:float64", "--belongs-to", "Category", "--yes"],
  ]) {
    expectSuccess(`scaffold ${args.join(" ")}`, await scaffold(args, dir));
  }
  const service = await readFile(join(dir, SERVICE), "utf8");
  await writeFile(join(dir, SERVICE), service.replace("  async list(", `${RULE}  async list(`));
  expectSuccess("git add", await git(["add", "-A"]));
  expectSuccess("git commit", await git(["commit", "-q", "--no-verify", "-m", "Day two"]));
  const upgraded = await scaffold(["upgrade", "--template-source", r2, "--yes"], dir);
  expectSuccess("scaffold upgrade", upgraded);
  expectSuccess("npm install after the upgrade", await npmInstall(dir));
}, 900_000);

afterAll(() => rm(root, { recursive: true, force: true }));

describe("an upgraded full/sqlite project with models and an edited service", () => {
  test("keeps the edit and has the release's changes", async () => {
    const service = await readFile(join(dir, SERVICE), "utf8");
    expect(service).toContain(`${RULE}  async list(`);
    expect(service).toContain(RELEASE_2.serviceLine);
    const installed = JSON.parse(await readFile(join(dir, "node_modules/hono/package.json"), "utf8"));
    expect(installed.version).toBe(RELEASE_2.hono);
  });

  for (const script of ["typecheck", "lint", "test"]) {
    test(`npm run ${script} passes`, async () => {
      expectSuccess(`npm run ${script}`, await npmRun(dir, script));
    });
  }
});
