/** `scaffold new` end to end as a subprocess: generation, post steps, dry-run, --force, failures leave nothing. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { NODE_FLOOR } from "../../src/doctor/node-floor.ts";
import { findTool, missing } from "../support/env.ts";
import { cliEnv, home, listTree, modeOf, readText, runCli, tempDir, useTempHome } from "./run-cli.ts";

useTempHome();

/** The git tests need git itself (CI requires it, see test/support/env.ts). */
const noGit = missing("git", findTool("git"));
let work: string;
let counter = 0;
/** A fresh, empty working directory per test. */
async function freshCwd(): Promise<string> {
  const dir = join(work, `case-${++counter}`);
  await mkdir(dir);
  return dir;
}

beforeAll(async () => {
  work = await tempDir();
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  Bun.spawnSync(["git", ...args], { cwd, env: cliEnv() })
    .stdout.toString()
    .trim();

/** Files of a generated project, without git's internals. */
const projectFiles = async (dir: string) => (await listTree(dir)).filter((p) => p !== ".git" && !p.startsWith(".git/"));

describe("generating the full project", () => {
  let cwd: string;
  let result: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    cwd = await freshCwd();
    result = await runCli(["new", "demo"], cwd);
  });

  test("exits 0 and prints next steps (cd, set-up, run, test)", () => {
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Created demo (full, postgres, observability none)");
    expect(result.stdout).toContain("Settings are in .env (copied from .env.example).");
    for (const step of ["cd demo", "./setup.sh", "npm run dev", "npm test"]) expect(result.stdout).toContain(step);
  });

  test("next steps say what happens below the projects' Node.js floor and to commit the lock file for CI", () => {
    const text = result.stdout.replace(/\s+/g, " ");
    expect(text).toContain(
      `On Node.js older than ${NODE_FLOOR}, npm start, npm run dev and npm run apidocs run on the Bun that npm install brings`,
    );
    expect(text).toContain("Commit package-lock.json after the first install: CI then runs npm ci.");
    const steps = result.stdout.slice(result.stdout.indexOf("Next steps:")).split("\n");
    for (const line of steps) expect(line.length).toBeLessThanOrEqual(80);
  });

  test("writes scaffold.json with name, template, database, observability, template ref and CLI version", async () => {
    expect(JSON.parse(await readText(join(cwd, "demo/scaffold.json")))).toEqual({
      name: "demo",
      template: "full",
      database: "postgres",
      observability: "none",
      templateRef: null,
      templateVersion: pkg.version,
      cliVersion: pkg.version,
    });
    const packageJson = JSON.parse(await readText(join(cwd, "demo/package.json")));
    expect(packageJson.name).toBe("demo");
  });

  test("copies .env.example to .env", async () => {
    expect(await readText(join(cwd, "demo/.env"))).toBe(await readText(join(cwd, "demo/.env.example")));
  });

  test.skipIf(noGit)(
    "creates a git repository with one clean initial commit, without a git identity, config untouched",
    async () => {
      const dir = join(cwd, "demo");
      expect(git(dir, "log", "--format=%an <%ae> %s")).toBe(
        "scaffold <scaffold@localhost> Initial commit from scaffold",
      );
      expect(git(dir, "status", "--porcelain")).toBe("");
      expect(git(dir, "ls-files").split("\n")).toContain(".env.example");
      expect(git(dir, "ls-files").split("\n")).not.toContain(".env");
      expect(await listTree(home)).not.toContain(".gitconfig");
    },
  );

  test("leaves no temporary directory beside the project, and the project has ordinary permissions", async () => {
    expect(await readdir(cwd)).toEqual(["demo"]);
    expect(await modeOf(join(cwd, "demo"))).toBe(0o755);
  });

  test("`scaffold demo` (short form, flags before or after the name) writes the same project as `scaffold new demo`", async () => {
    const short = await freshCwd();
    expect((await runCli(["demo"], short)).exitCode).toBe(0);
    const files = await projectFiles(join(cwd, "demo"));
    expect(await projectFiles(join(short, "demo"))).toEqual(files);
    for (const file of files.filter((f) => f.endsWith(".ts") || f.endsWith(".json"))) {
      expect(await readText(join(short, "demo", file))).toBe(await readText(join(cwd, "demo", file)));
    }
  }, 30_000);
});

describe("generating the minimal project", () => {
  test("-t minimal: its modules, no authentication file, no JWT_SECRET in .env or the next steps", async () => {
    const cwd = await freshCwd();
    const result = await runCli(["new", "demo", "-t", "minimal", "-d", "sqlite"], cwd);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Created demo (minimal, sqlite, observability none)");
    expect(result.stdout).not.toContain("JWT_SECRET");
    const files = await projectFiles(join(cwd, "demo"));
    expect(files).toEqual(expect.arrayContaining(["src/users/users.module.ts", "src/users/users.routes.ts"]));
    expect(files.filter((file) => /auth|jwt|bcrypt|refresh-token/i.test(file))).toEqual([]);
    expect(await readText(join(cwd, "demo/.env"))).not.toContain("JWT_SECRET");
    expect(await readText(join(cwd, "demo/src/modules.ts"))).toContain(
      "export const modules = [apidocsModule, usersModule] as const;",
    );
  });
});

describe("generating the graphql project", () => {
  test("-t graphql: the users' module and its GraphQL module, no OpenAPI part, no authentication", async () => {
    const cwd = await freshCwd();
    const result = await runCli(["new", "demo", "-t", "graphql", "-d", "sqlite"], cwd);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Created demo (graphql, sqlite, observability none)");
    const files = await projectFiles(join(cwd, "demo"));
    expect(files).toEqual(expect.arrayContaining(["src/graphql/schema.graphql", "src/apidocs.ts"]));
    expect(
      files.filter((file) => /auth|jwt|bcrypt|refresh-token|openapi|apidocs\.module|users-http/i.test(file)),
    ).toEqual([]);
    expect(await readText(join(cwd, "demo/src/modules.ts"))).toContain(
      "export const modules = [graphqlModule, usersModule] as const;",
    );
    const manifest = JSON.parse(await readText(join(cwd, "demo/package.json")));
    expect(manifest.dependencies["graphql-yoga"]).toBeDefined();
    expect(manifest.dependencies["swagger-ui-dist"]).toBeUndefined();
    expect(await readText(join(cwd, "demo/.env"))).toContain("GRAPHQL_INTROSPECTION=");
  });
});

describe("flag forms", () => {
  test("--flag=value, --flag value, aliases, before or after the name all give the same choices", async () => {
    const forms = [
      ["new", "api", "--database=sqlite", "--observability", "basic", "--template", "full"],
      ["-d", "sqlite", "-o=basic", "api"],
      ["new", "-t=full", "--database", "sqlite", "api", "-o", "basic"],
    ];
    for (const args of forms) {
      const cwd = await freshCwd();
      const { exitCode, stderr } = await runCli([...args, "-n", "--json"], cwd);
      expect(stderr).toBe("");
      expect(exitCode).toBe(0);
    }
    const cwd = await freshCwd();
    const { exitCode, stdout } = await runCli(forms[1] ?? [], cwd);
    expect(exitCode).toBe(0);
    expect(stdout).toContain("Created api (full, sqlite, observability basic) with");
    const manifest = JSON.parse(await readText(join(cwd, "api/scaffold.json")));
    expect(manifest).toMatchObject({ template: "full", database: "sqlite", observability: "basic" });
  }, 30_000);
});

describe("dry run", () => {
  test("prints the configuration, the files, a summary, and creates nothing", async () => {
    const cwd = await freshCwd();
    const { exitCode, stdout } = await runCli(["demo", "--dry-run", "-d", "mysql"], cwd);
    expect(exitCode).toBe(0);
    expect(stdout).toContain("Dry run: nothing will be written.");
    expect(stdout).toMatch(/project\s+demo \(/);
    expect(stdout).toMatch(/template\s+full/);
    expect(stdout).toMatch(/database\s+mysql/);
    expect(stdout).toMatch(/observability\s+none/);
    // Each file with the layers it comes from: merged files name every contributing layer, in order.
    expect(stdout).toMatch(/^ {2}package\.json +base \+ rest \+ full \+ db-mysql$/m);
    expect(stdout).toMatch(/^ {2}\.env\.example +base \+ full \+ db-mysql \+ db-server$/m);
    expect(stdout).toMatch(/^ {2}compose\.yaml +db-mysql$/m);
    expect(stdout).toMatch(/^ {2}src\/app\.ts +base$/m);
    expect(stdout).toMatch(/^ {2}scaffold\.json +\(written by scaffold\)$/m);
    expect(stdout).toMatch(/\d+ files in \d+ directories would be created in demo\//);
    expect(await readdir(cwd)).toEqual([]);
  });

  test("--json prints one JSON object with the same facts", async () => {
    const cwd = await freshCwd();
    const { exitCode, stdout } = await runCli(["demo", "-n", "--json"], cwd);
    expect(exitCode).toBe(0);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      dryRun: true,
      project: "demo",
      target: join(cwd, "demo"),
      targetExists: false,
      template: "full",
      database: "postgres",
      observability: "none",
      templateRef: null,
      warnings: [],
    });
    expect(report.files.length).toBe(report.summary.files);
    const layers = Object.fromEntries(report.files.map((f: { path: string; layers: string[] }) => [f.path, f.layers]));
    expect(layers).toMatchObject({
      ".env.example": ["base", "full", "db-postgres", "db-server"],
      "README.md": ["full", "db-server", "upgrade"],
      "drizzle/0000_init.sql": ["migrations-full-postgres"],
      "scaffold.json": [],
    });
    expect(report.summary.directories).toBeGreaterThan(3);
    expect(await readdir(cwd)).toEqual([]);
  });

  test("-o advanced: the metrics and tracing modules, and the database's own driver wrapper for the statement spans", async () => {
    for (const [database, layer] of [
      ["postgres", "observability-advanced-postgres"],
      ["mysql", "observability-advanced-mysql"],
      ["sqlite", "observability-advanced-sqlite"],
    ]) {
      const cwd = await freshCwd();
      const { exitCode, stdout } = await runCli(["demo", "-n", "--json", "-o", "advanced", "-d", `${database}`], cwd);
      expect(exitCode).toBe(0);
      const report = JSON.parse(stdout);
      expect(report).toMatchObject({ template: "full", database, observability: "advanced", warnings: [] });
      const layers = Object.fromEntries(
        report.files.map((f: { path: string; layers: string[] }) => [f.path, f.layers]),
      );
      expect(layers).toMatchObject({
        "src/observability/metrics/metrics.module.ts": ["observability-advanced"],
        "src/observability/tracing/tracing.module.ts": ["observability-advanced"],
        "src/platform/database/database-client.ts": ["base"],
        "src/observability/tracing/database-client-spans.ts": [layer],
        "deployments/kubernetes/probes.yaml": ["observability-basic"],
      });
      expect(await readdir(cwd)).toEqual([]);
    }
  });

  test("warns when the target exists and is not empty", async () => {
    const cwd = await freshCwd();
    await mkdir(join(cwd, "demo"));
    await writeFile(join(cwd, "demo/notes.txt"), "mine");
    const text = await runCli(["demo", "-n"], cwd);
    expect(text.exitCode).toBe(0);
    expect(text.stderr).toContain("already exists and is not empty");
    const json = JSON.parse((await runCli(["demo", "-n", "--json"], cwd)).stdout);
    expect(json.targetExists).toBe(true);
    expect(json.warnings[0]).toContain("already exists and is not empty");
    expect(await listTree(join(cwd, "demo"))).toEqual(["notes.txt"]);
  });

  test("warns when the target exists and is empty", async () => {
    const cwd = await freshCwd();
    await mkdir(join(cwd, "demo"));
    const { exitCode, stderr } = await runCli(["demo", "-n"], cwd);
    expect(exitCode).toBe(0);
    expect(stderr).toContain("already exists (empty): the project would replace it");
  });
});

describe("existing target directory", () => {
  test("a non-empty directory is refused (exit 1, untouched) unless --force", async () => {
    const cwd = await freshCwd();
    await mkdir(join(cwd, "demo"));
    await writeFile(join(cwd, "demo/notes.txt"), "mine");
    const refused = await runCli(["demo"], cwd);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("already exists and is not empty: choose another project name");
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(await readdir(cwd)).toEqual(["demo"]);
    expect(await listTree(join(cwd, "demo"))).toEqual(["notes.txt"]);
  });

  test("--force moves the old directory aside (nothing deleted) and writes the project", async () => {
    const cwd = await freshCwd();
    await mkdir(join(cwd, "demo"));
    await writeFile(join(cwd, "demo/notes.txt"), "mine");
    const forced = await runCli(["demo", "--force"], cwd);
    expect(forced.exitCode).toBe(0);
    const entries = (await readdir(cwd)).sort();
    expect(entries).toHaveLength(2);
    const backup = entries.find((e) => e.startsWith("demo.backup-")) ?? "";
    expect(backup).toMatch(/^demo\.backup-\d{8}T\d{6}$/);
    expect(forced.stderr).toContain(backup);
    expect(await readText(join(cwd, backup, "notes.txt"))).toBe("mine");
    expect(await listTree(join(cwd, "demo"))).toContain("scaffold.json");
  });

  test("a file at the target is refused, also with --force (exit 1, one line, the file untouched); a dry run warns", async () => {
    const cwd = await freshCwd();
    await writeFile(join(cwd, "afile"), "mine");
    for (const args of [["afile"], ["new", "afile", "--force"]]) {
      const refused = await runCli(args, cwd);
      expect(refused.stderr.trim()).toBe(
        `error: ${join(cwd, "afile")} is a file, not a directory: choose another project name, or move the file away (--force replaces only directories).`,
      );
      expect(refused.exitCode).toBe(1);
      expect(await readdir(cwd)).toEqual(["afile"]);
      expect(await readText(join(cwd, "afile"))).toBe("mine");
    }
    const dryRun = await runCli(["afile", "--dry-run"], cwd);
    expect(dryRun.exitCode).toBe(0);
    expect(dryRun.stderr).toContain("is a file, not a directory: generating would be refused, even with --force");
  });

  test("an empty directory is used without --force", async () => {
    const cwd = await freshCwd();
    await mkdir(join(cwd, "demo"));
    expect((await runCli(["demo"], cwd)).exitCode).toBe(0);
    expect(await readdir(cwd)).toEqual(["demo"]);
    expect(await listTree(join(cwd, "demo"))).toContain("scaffold.json");
  });
});

/** A folder of fake tools, used as the whole PATH. */
async function fakePath(tools: Record<string, string>): Promise<string> {
  const bin = join(work, `bin-${++counter}`);
  await mkdir(bin);
  for (const [name, script] of Object.entries(tools)) {
    await writeFile(join(bin, name), `#!/bin/sh\n${script}\n`);
    await chmod(join(bin, name), 0o755);
  }
  return bin;
}

describe("post steps", () => {
  test("without git the project is generated, with a warning and no repository", async () => {
    const cwd = await freshCwd();
    const { exitCode, stderr } = await runCli(["demo"], cwd, { env: cliEnv({ PATH: await fakePath({}) }) });
    expect(exitCode).toBe(0);
    expect(stderr).toContain("git is not installed");
    expect(await listTree(join(cwd, "demo"))).not.toContain(".git");
    expect(await listTree(join(cwd, "demo"))).toContain(".env");
  });

  test.skipIf(noGit)("the user's own git identity is used when configured", async () => {
    const cwd = await freshCwd();
    const userHome = join(cwd, "home");
    await mkdir(userHome);
    const config = "[user]\n\tname = Ada Lovelace\n\temail = ada@example.org\n";
    await writeFile(join(userHome, ".gitconfig"), config);
    const { exitCode } = await runCli(["demo"], cwd, { env: cliEnv({ HOME: userHome }) });
    expect(exitCode).toBe(0);
    expect(git(join(cwd, "demo"), "log", "--format=%an <%ae>")).toBe("Ada Lovelace <ada@example.org>");
    expect(await readText(join(userHome, ".gitconfig"))).toBe(config);
  });

  test.skipIf(noGit)(
    "a git config without an identity (only an include) still gets the fallback identity",
    async () => {
      const cwd = await freshCwd();
      const userHome = join(cwd, "home");
      await mkdir(userHome);
      await writeFile(join(userHome, ".gitconfig"), "[include]\n\tpath = missing.inc\n");
      const { exitCode } = await runCli(["demo"], cwd, { env: cliEnv({ HOME: userHome }) });
      expect(exitCode).toBe(0);
      expect(git(join(cwd, "demo"), "log", "--format=%an <%ae>")).toBe("scaffold <scaffold@localhost>");
    },
  );

  test.skipIf(noGit)("a failing git commit is reported as a warning; the project is still written", async () => {
    const cwd = await freshCwd();
    const realGit = Bun.which("git") ?? "git";
    const bin = await fakePath({
      git: `case "$*" in *commit*) echo "fatal: hook refused" >&2; exit 1;; esac\nexec ${realGit} "$@"`,
    });
    const { exitCode, stderr } = await runCli(["demo"], cwd, { env: cliEnv({ PATH: bin }) });
    expect(exitCode).toBe(0);
    expect(stderr).toContain("Could not create the initial git commit: fatal: hook refused");
    expect(await listTree(join(cwd, "demo"))).toContain("scaffold.json");
  });
});

describe("no partial project after a failure or Ctrl-C", () => {
  test("a write failure (file and folder at the same path) leaves nothing, exit 1", async () => {
    const cwd = await freshCwd();
    const templates = join(cwd, "broken-templates");
    await mkdir(join(templates, "layers/base/clash"), { recursive: true });
    await mkdir(join(templates, "layers/full"), { recursive: true });
    await writeFile(join(templates, "layers/base/clash/inner.txt"), "a");
    await writeFile(join(templates, "layers/full/clash"), "b");
    const manifest = {
      formatVersion: 1,
      version: "0.0.1",
      available: { template: ["full"], database: ["postgres"], observability: ["none"] },
      layers: [{ dir: "base" }, { dir: "full" }],
    };
    await writeFile(join(templates, "manifest.json"), JSON.stringify(manifest));
    const { exitCode, stderr } = await runCli(["demo", "--template-source", "./broken-templates"], cwd);
    expect(stderr).toContain("Could not write");
    expect(stderr).toContain("nothing was written");
    expect(exitCode).toBe(1);
    expect(await readdir(cwd)).toEqual(["broken-templates"]);
  });

  test("Ctrl-C (SIGINT) during the post steps removes the temporary project", async () => {
    const cwd = await freshCwd();
    const marker = join(cwd, "git-started");
    const bin = await fakePath({ git: `/usr/bin/touch ${marker}\n/bin/sleep 3` });
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "../../src/cli.ts"), "demo"], {
      cwd,
      env: cliEnv({ PATH: bin }),
      stdout: "ignore",
      stderr: "ignore",
    });
    for (let i = 0; i < 200 && !(await Bun.file(marker).exists()); i++) await Bun.sleep(25);
    expect(await Bun.file(marker).exists()).toBe(true);
    const staged = (await readdir(cwd)).filter((e) => e.startsWith(".demo.scaffold-"));
    expect(staged).toHaveLength(1);
    child.kill("SIGINT");
    await child.exited;
    expect(child.exitCode === 0).toBe(false);
    expect(await readdir(cwd)).toEqual(["git-started"]);
  }, 20_000);
});

test("a symlinked working directory works (target resolved from the current directory)", async () => {
  const cwd = await freshCwd();
  await mkdir(join(cwd, "real"));
  await symlink(join(cwd, "real"), join(cwd, "link"));
  expect((await runCli(["demo", "-d", "sqlite"], join(cwd, "link"))).exitCode).toBe(0);
  expect(await listTree(join(cwd, "real/demo"))).toContain("scaffold.json");
});
