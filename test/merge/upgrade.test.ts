import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packTemplateArchive } from "../../src/build/template-archive.ts";
import { snapshot } from "../add-model/project-fixture.ts";
import { cliEnv, runCli, useTempHome } from "../cli/run-cli.ts";
import { buildReleases, RELEASE_2, versions } from "./releases.ts";

useTempHome();
setDefaultTimeout(120_000);

const TEMPLATES = ["full", "minimal", "graphql"] as const;
type Template = (typeof TEMPLATES)[number];
const CHAIN = [
  ["add-model", "Category", "--fields", "name:string:unique:not_null", "--yes"],
  ["add-model", "Product", "--fields", "title:string:not_null,price:float64", "--belongs-to", "Category", "--yes"],
];
const SERVICE = "src/categories/category.service.ts";

let root = "";
let releases = { r1: "", r2: "" };
let counter = 0;

async function cli(args: string[], cwd: string, env: Record<string, string> = {}) {
  return runCli(args, cwd, { env: cliEnv(env) });
}

async function git(dir: string, ...args: string[]) {
  const result = await runCli(["-c", "user.name=t", "-c", "user.email=t@localhost", ...args], dir, {
    command: ["git"],
  });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}
const commit = async (dir: string) => {
  await git(dir, "add", "-A");
  await git(dir, "commit", "-q", "--no-verify", "-m", "work");
};

/** `scaffold new shop` from `source` in `<root>/<where>/`, with the add-model chain, committed. */
async function generate(template: Template, where: string, source: string): Promise<string> {
  const parent = join(root, where);
  await mkdir(parent, { recursive: true });
  const created = await cli(["new", "shop", "-t", template, "-d", "sqlite", "--template-source", source], parent);
  if (created.exitCode !== 0) throw new Error(created.stderr);
  const dir = join(parent, "shop");
  for (const args of CHAIN) {
    const result = await cli(args, dir);
    if (result.exitCode !== 0) throw new Error(result.stderr);
  }
  await commit(dir);
  return dir;
}

/** A fresh copy of the template's project at release 1 (made once), at the same depth as the others. */
async function projectAtR1(template: Template): Promise<string> {
  const dir = join(root, `case-${++counter}`, "shop");
  await cp(join(root, `r1-${template}`, "shop"), dir, { recursive: true });
  return dir;
}

const upgrade = (dir: string, ...flags: string[]) =>
  cli(["upgrade", "--template-source", releases.r2, "--yes", ...flags], dir);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "scaffold-upgrade-"));
  releases = await buildReleases(join(root, "releases"));
  for (const template of TEMPLATES) await generate(template, `r1-${template}`, releases.r1);
}, 120_000);

afterAll(() => rm(root, { recursive: true, force: true }));

/** scaffold.json without the times of the add-model runs (the two projects' runs ran at other times). */
async function manifestOf(dir: string) {
  const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
  const runs: Array<{ at: string }> = manifest.addModelRuns ?? [];
  return { ...manifest, addModelRuns: runs.map(({ at, ...run }) => run) };
}

for (const template of TEMPLATES) {
  describe(`scaffold upgrade: ${template}`, () => {
    test("an untouched project becomes exactly what scaffold new and its add-model runs write at the new release", async () => {
      const dir = await projectAtR1(template);
      const result = await upgrade(dir);
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      expect(result.stdout).toContain("Next: npm install");
      const fresh = await generate(template, `fresh-${template}`, releases.r2);
      const [upgraded, expected] = [await snapshot(dir), await snapshot(fresh)];
      delete upgraded["scaffold.json"];
      delete expected["scaffold.json"];
      expect(upgraded).toEqual(expected);
      expect(await manifestOf(dir)).toEqual(await manifestOf(fresh));
      expect((await manifestOf(dir)).templateVersion).toBe((await versions()).next);
      // The release's changes, as the tests of the release look for them.
      expect(await readFile(join(dir, "Makefile"), "utf8")).toContain(RELEASE_2.port);
      expect(existsSync(join(dir, RELEASE_2.added))).toBe(true);
      expect(existsSync(join(dir, RELEASE_2.removed))).toBe(false);
      expect(JSON.parse(await readFile(join(dir, "package.json"), "utf8")).dependencies.hono).toBe(RELEASE_2.hono);
      expect(await readFile(join(dir, SERVICE), "utf8")).toContain(RELEASE_2.serviceLine);
    });

    test("edits in other lines survive, without markers", async () => {
      const dir = await projectAtR1(template);
      await appendFile(join(dir, "Makefile"), "\nseed: ## Load the demo data\n\tnpm run seed\n");
      const service = (await readFile(join(dir, SERVICE), "utf8")).replace(
        "  async list(",
        "  // Business rule: the list is ordered by name.\n  async list(",
      );
      await writeFile(join(dir, SERVICE), service);
      await commit(dir);
      const result = await upgrade(dir);
      expect([result.exitCode, result.stderr]).toEqual([0, ""]);
      expect(result.stdout).toContain(
        "merged with your edits (2):\n    Makefile\n    src/categories/category.service.ts",
      );
      const makefile = await readFile(join(dir, "Makefile"), "utf8");
      expect(makefile).toContain("seed: ## Load the demo data");
      expect(makefile).toContain(RELEASE_2.port);
      const merged = await readFile(join(dir, SERVICE), "utf8");
      expect(merged).toContain("  // Business rule: the list is ordered by name.\n  async list(");
      expect(merged).toContain(RELEASE_2.serviceLine);
      expect(`${makefile}${merged}`).not.toContain("<<<<<<<");
    });

    test("edits in the same lines: conflict markers there, the file named, exit 1", async () => {
      const dir = await projectAtR1(template);
      const makefile = join(dir, "Makefile");
      await writeFile(makefile, (await readFile(makefile, "utf8")).replace("PORT ?= 8080", "PORT ?= 9090"));
      await commit(dir);
      const result = await upgrade(dir);
      expect(result.exitCode).toBe(1);
      expect(result.stderr).toContain("1 file has conflicts to resolve");
      expect(result.stdout).toContain("  Makefile\n");
      const { next } = await versions();
      expect(await readFile(makefile, "utf8")).toContain(
        `<<<<<<< yours\nPORT ?= 9090\n=======\n${RELEASE_2.port}\n>>>>>>> templates ${next}\n`,
      );
      // The rest of the upgrade is written, and recorded.
      expect(existsSync(join(dir, RELEASE_2.added))).toBe(true);
      expect((await manifestOf(dir)).templateVersion).toBe(next);
    });

    test("a file the project deleted stays deleted, and the plan says so", async () => {
      const dir = await projectAtR1(template);
      await rm(join(dir, "Makefile"));
      await commit(dir);
      const result = await upgrade(dir);
      expect(result.exitCode).toBe(0);
      expect(result.stdout).toContain("kept deleted (you deleted them) (1):\n    Makefile");
      expect(existsSync(join(dir, "Makefile"))).toBe(false);
    });
  });
}

describe("scaffold upgrade: refusals change nothing", () => {
  async function refused(dir: string, args: string[], env: Record<string, string> = {}) {
    const before = await snapshot(dir);
    const result = await cli(args, dir, env);
    expect(await snapshot(dir)).toEqual(before);
    return result;
  }

  test("a dirty tree: exit 1, nothing written", async () => {
    const dir = await projectAtR1("full");
    await appendFile(join(dir, "Makefile"), "# not committed\n");
    const result = await refused(dir, ["upgrade", "--template-source", releases.r2, "--yes"]);
    expect([result.exitCode, result.stderr]).toEqual([1, expect.stringContaining("uncommitted changes (Makefile)")]);
  });

  test("no git repository: exit 1, saying how to make one", async () => {
    const dir = await projectAtR1("minimal");
    await rm(join(dir, ".git"), { recursive: true });
    const result = await refused(dir, ["upgrade", "--template-source", releases.r2, "--yes"]);
    expect([result.exitCode, result.stderr]).toEqual([1, expect.stringContaining("is not a git repository")]);
  });

  test("an interrupted upgrade (a failure between two writes) leaves the project as it was", async () => {
    const dir = await projectAtR1("minimal");
    for (const after of ["0", "2", "5"]) {
      const result = await refused(dir, ["upgrade", "--template-source", releases.r2, "--yes"], {
        SCAFFOLD_ADD_MODEL_FAIL_AFTER: after,
      });
      expect([result.exitCode, result.stderr]).toEqual([
        1,
        expect.stringContaining(`restored as it was: injected failure after ${after} writes`),
      ]);
    }
    expect(await git(dir, "status", "--porcelain")).toBe("");
  });

  test("no scaffold.json, an older target, a source without the project's template, a template or database change", async () => {
    const empty = join(root, "empty");
    await mkdir(empty);
    const none = await refused(empty, ["upgrade", "--yes"]);
    expect([none.exitCode, none.stderr]).toEqual([1, expect.stringContaining("No scaffold.json here")]);

    const newer = await generate("graphql", "at-r2", releases.r2);
    const older = await refused(newer, ["upgrade", "--template-source", releases.r1, "--yes"]);
    const { current, next } = await versions();
    expect([older.exitCode, older.stderr]).toEqual([
      2,
      expect.stringContaining(`holds templates ${current}, older than the project's ${next}`),
    ]);

    const lacking = join(root, "releases", "no-graphql");
    await cp(releases.r2, lacking, { recursive: true });
    const manifest = JSON.parse(await readFile(join(lacking, "manifest.json"), "utf8"));
    manifest.available.template = ["full", "minimal"];
    await writeFile(join(lacking, "manifest.json"), JSON.stringify(manifest));
    const missing = await refused(newer, ["upgrade", "--template-source", lacking, "--yes"]);
    expect([missing.exitCode, missing.stderr]).toEqual([1, expect.stringContaining("have no --template graphql")]);

    for (const flag of ["--template", "--database"]) {
      const changed = await refused(newer, ["upgrade", flag, "minimal", "--yes"]);
      expect([changed.exitCode, changed.stderr]).toEqual([2, expect.stringContaining(`${flag} cannot be changed`)]);
    }
  });

  test("without a terminal and without --yes: exit 2, telling to pass --yes; --dry-run and --json write nothing", async () => {
    const dir = await projectAtR1("full");
    const asked = await refused(dir, ["upgrade", "--template-source", releases.r2]);
    expect([asked.exitCode, asked.stderr]).toEqual([2, expect.stringContaining("pass --yes to apply")]);
    const dry = await refused(dir, ["upgrade", "--template-source", releases.r2, "--dry-run"]);
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(`added (1):\n    ${RELEASE_2.added}`);
    expect(dry.stdout).toContain(`removed (unchanged by you) (1):\n    ${RELEASE_2.removed}`);
    expect(dry.stdout).toContain("Dry run: nothing was written.");
    const json = await refused(dir, ["upgrade", "--template-source", releases.r2, "--json"]);
    const plan = JSON.parse(json.stdout);
    expect(plan).toMatchObject({ dryRun: true, added: [RELEASE_2.added], removed: [RELEASE_2.removed] });
    expect(plan.updated).toContain("Makefile");
  });

  test("scaffold upgrade is a command: its own help, never a project named upgrade", async () => {
    const help = await cli(["upgrade", "--help"], root);
    expect(help.stdout).toContain("Usage: scaffold upgrade [options]");
    expect(help.stdout).toContain("--observability <level>");
    const outside = await cli(["upgrade", "--yes"], root);
    expect(outside.exitCode).toBe(1);
    expect(existsSync(join(root, "upgrade"))).toBe(false);
  });
});

describe("scaffold upgrade across template series", () => {
  test("to the next minor release: the history is replayed at both releases, and the new one recorded", async () => {
    const { current } = await versions();
    const [major, minor] = current.split(".").map(Number);
    const nextSeries = `${major}.${Number(minor) + 1}.0`;
    const r3 = join(root, "releases", "next-series");
    await cp(releases.r2, r3, { recursive: true });
    const manifest = JSON.parse(await readFile(join(r3, "manifest.json"), "utf8"));
    await writeFile(join(r3, "manifest.json"), JSON.stringify({ ...manifest, version: nextSeries }));
    const dir = await projectAtR1("graphql");
    const result = await cli(["upgrade", "--template-source", r3, "--yes"], dir);
    expect([result.exitCode, result.stderr]).toEqual([0, ""]);
    expect((await manifestOf(dir)).templateVersion).toBe(nextSeries);
    expect(await readFile(join(dir, SERVICE), "utf8")).toContain(RELEASE_2.serviceLine);
  });

  test("--to a release that is not cached, with --offline: refused, nothing written", async () => {
    const dir = await projectAtR1("minimal");
    const before = await snapshot(dir);
    const result = await cli(["upgrade", "--to", "v9.9.9", "--offline", "--yes"], dir);
    expect([result.exitCode, result.stderr]).toEqual([1, expect.stringContaining("--offline forbids downloading")]);
    expect(await snapshot(dir)).toEqual(before);
  });
});

describe("scaffold upgrade --to <ref>", () => {
  test("fetched from the project's recorded remote source, then from the cache with --offline", async () => {
    const { current, next } = await versions();
    const archives: Record<string, Uint8Array> = {
      [`/templates-${current}.tar.gz`]: await packTemplateArchive(releases.r1),
      [`/templates-${next}.tar.gz`]: await packTemplateArchive(releases.r2),
    };
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (request) => {
        const body = archives[new URL(request.url).pathname];
        return body ? new Response(new Blob([body.slice()])) : new Response("not found", { status: 404 });
      },
    });
    try {
      const source = `http://127.0.0.1:${server.port}`;
      const parent = join(root, "remote");
      await mkdir(parent);
      const args = ["new", "shop", "-t", "minimal", "-d", "sqlite", "--template-source", source, "--template-ref"];
      const created = await cli([...args, `v${current}`], parent);
      expect([created.exitCode, created.stderr]).toEqual([0, ""]);
      const dir = join(parent, "shop");
      const copy = join(root, "remote-copy", "shop");
      await cp(dir, copy, { recursive: true });
      const upgraded = await cli(["upgrade", "--to", `v${next}`, "--yes"], dir);
      expect([upgraded.exitCode, upgraded.stderr]).toEqual([0, ""]);
      expect(await manifestOf(dir)).toMatchObject({
        templateRef: `v${next}`,
        templateSource: source,
        templateVersion: next,
      });
      expect(existsSync(join(dir, RELEASE_2.added))).toBe(true);
      server.stop(true);
      // Both releases are cached now: the same upgrade of the copy needs no server.
      const offline = await cli(["upgrade", "--to", `v${next}`, "--offline", "--yes"], copy);
      expect([offline.exitCode, offline.stderr]).toEqual([0, ""]);
      expect(await snapshot(copy)).toEqual(await snapshot(dir));
    } finally {
      server.stop(true);
    }
  });
});

describe("scaffold upgrade --observability", () => {
  test("basic on an edited full project: the probes added, the edits kept, the choice recorded", async () => {
    const dir = await projectAtR1("full");
    const service = (await readFile(join(dir, SERVICE), "utf8")).replace("  async list(", "  // Mine.\n  async list(");
    await writeFile(join(dir, SERVICE), service);
    const readme = `${await readFile(join(dir, "README.md"), "utf8")}\n## Our deployment notes\n`;
    await writeFile(join(dir, "README.md"), readme);
    await commit(dir);
    const result = await cli(["upgrade", "--template-source", releases.r1, "--observability", "basic", "--yes"], dir);
    expect([result.exitCode, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toContain("observability none -> basic");
    expect(existsSync(join(dir, "deployments/kubernetes/probes.yaml"))).toBe(true);
    expect(await readFile(join(dir, SERVICE), "utf8")).toBe(service);
    expect(await readFile(join(dir, "README.md"), "utf8")).toContain("## Our deployment notes");
    expect((await manifestOf(dir)).observability).toBe("basic");
  });

  test("refused on a template without observability levels", async () => {
    const dir = await projectAtR1("minimal");
    const result = await cli(["upgrade", "--template-source", releases.r1, "-o", "basic", "--yes"], dir);
    expect([result.exitCode, result.stderr]).toEqual([2, expect.stringContaining("applies to the full template")]);
  });
});
