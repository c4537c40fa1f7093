import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createHash } from "node:crypto";
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { derivedUuid } from "../../src/add-model/migration-metadata.ts";
import { replayProject } from "../../src/generate/replay.ts";
import { cliEnv, runCli, useTempHome } from "../cli/run-cli.ts";
import { expectSuccess, npmInstall, repoRoot } from "../support/generated-project.ts";

useTempHome();
setDefaultTimeout(60_000);

/** The README's add-model chain: a parent, a child of it with every kind of field, then the parent's has-many. */
const CHAIN = [
  ["add-model", "Category", "--fields", "name:string:unique:not_null"],
  [
    "add-model",
    "Product",
    "--fields",
    "title:string:not_null,price:float64,stock:uint,released_at:time:index,on_sale:bool,rank:int",
    "--belongs-to",
    "Category",
  ],
  ["add-model", "Category", "--has-many", "Product"],
];

let root = "";
/** drizzle-kit and Biome (what add-model runs in a project), installed once at the generated project's versions. */
let tools = "";

/** `scaffold <args>`, with `--yes` for add-model (no terminal to confirm on). */
async function cli(args: string[], cwd: string): Promise<void> {
  const result = await runCli(args[0] === "add-model" ? [...args, "--yes"] : args, cwd, { env: cliEnv() });
  if (result.exitCode !== 0) throw new Error(`scaffold ${args.join(" ")} failed: ${result.stderr}`);
}

/** Gives `dir` the prepared tools as its node_modules, as `npm install` would have. */
const linkTools = (dir: string) => symlink(join(tools, "node_modules"), join(dir, "node_modules"));

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "scaffold-replay-"));
  await cli(["new", "versions", "-d", "sqlite"], root);
  const project = JSON.parse(await readFile(join(root, "versions/package.json"), "utf8"));
  const all = { ...project.dependencies, ...project.devDependencies };
  const wanted = Object.fromEntries(["drizzle-orm", "drizzle-kit", "@biomejs/biome"].map((name) => [name, all[name]]));
  // Only these three, not the whole project's dependencies: a third of the install time, and add-model runs no other.
  tools = join(root, "tools");
  await mkdir(tools);
  await writeFile(join(tools, "package.json"), JSON.stringify({ private: true, dependencies: wanted }));
  expectSuccess("npm install of drizzle-kit and Biome", await npmInstall(tools));
}, 120_000);

afterAll(() => rm(root, { recursive: true, force: true }));

interface Entry {
  mode: string;
  sha256: string;
}

/** Every file of a project but `.git` (a new repository's ids and times) and `node_modules` (the link above). */
async function tree(dir: string): Promise<Map<string, Entry>> {
  const files = new Map<string, Entry>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(entry.parentPath, entry.name));
    if (/^(\.git|node_modules)(\/|$)/.test(path) || entry.isDirectory()) continue;
    const { mode } = await lstat(join(dir, path));
    const sha256 = createHash("sha256")
      .update(await readFile(join(dir, path)))
      .digest("hex");
    files.set(path, { mode: mode.toString(8), sha256 });
  }
  return files;
}

/** The paths whose presence, bytes or mode differ, each with what differs. */
function differences(original: Map<string, Entry>, replayed: Map<string, Entry>): string[] {
  const paths = [...new Set([...original.keys(), ...replayed.keys()])].sort();
  return paths.flatMap((path) => {
    const [a, b] = [original.get(path), replayed.get(path)];
    if (!a) return [`${path}: only in the replay`];
    if (!b) return [`${path}: missing from the replay`];
    if (a.sha256 !== b.sha256) return [`${path}: other bytes`];
    return a.mode === b.mode ? [] : [`${path}: mode ${a.mode} -> ${b.mode}`];
  });
}

describe("replayProject: a project generated again from its scaffold.json", () => {
  for (const [template, database] of [
    ["full", "sqlite"],
    ["minimal", "postgres"],
    ["graphql", "mysql"],
  ] as const) {
    test(`${template}/${database}: scaffold new and the add-model chain, replayed, give byte-identical files`, async () => {
      const name = `shop-${template}-${database}`;
      await cli(["new", name, "-t", template, "-d", database], root);
      const original = join(root, name);
      await linkTools(original);
      for (const args of CHAIN) await cli(args, original);

      const replayed = join(root, `${name}-replayed`);
      const scaffoldJson = await readFile(join(original, "scaffold.json"), "utf8");
      const result = await replayProject(scaffoldJson, replayed, { beforeModels: linkTools });

      expect(result.runs).toBe(CHAIN.length);
      const files = await tree(original);
      // drizzle-kit really ran: two migrations of the chain, each with its snapshot, after the template's own.
      const products = [...files.keys()].map((path) => /^drizzle\/(\d{4})_add_products\.sql$/.exec(path)).find(Boolean);
      expect(products).toBeDefined();
      expect(files.has(`drizzle/meta/${products?.[1]}_snapshot.json`)).toBe(true);
      expect(differences(files, await tree(replayed))).toEqual([]);
    });
  }

  test("the migration's metadata comes from the record: the run's time, ids chained by hash", async () => {
    const dir = join(root, "shop-full-sqlite");
    const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    const journal = JSON.parse(await readFile(join(dir, "drizzle/meta/_journal.json"), "utf8"));
    const products = journal.entries.find((entry: { tag: string }) => entry.tag.endsWith("_add_products"));
    expect(products.when).toBe(Date.parse(manifest.addModelRuns[1].at));
    const snapshotOf = async (idx: number) =>
      JSON.parse(await readFile(join(dir, `drizzle/meta/${String(idx).padStart(4, "0")}_snapshot.json`), "utf8"));
    const previous = await snapshotOf(products.idx - 1);
    const snapshot = await snapshotOf(products.idx);
    expect(snapshot.prevId).toBe(previous.id);
    expect(snapshot.id).toBe(derivedUuid(`${previous.id}\n${products.tag}`));
    expect(snapshot.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test("scaffold.json records the name and each run as it was asked, defaults left out", async () => {
    const manifest = JSON.parse(await readFile(join(root, "shop-full-sqlite/scaffold.json"), "utf8"));
    expect(manifest.name).toBe("shop-full-sqlite");
    expect(manifest.addModelRuns.map(({ at, ...run }: { at: string }) => run)).toEqual([
      { model: "Category", fields: "name:string:unique:not_null" },
      { model: "Product", fields: CHAIN[1]?.[3], belongsTo: ["Category"] },
      { model: "Category", hasMany: ["Product"] },
    ]);
  });
});

describe("a project from a --template-source", () => {
  test("scaffold.json records the source, and the replay takes its templates from there", async () => {
    const source = join(root, "own-templates");
    await cp(join(repoRoot, "templates"), source, { recursive: true });
    // A file only these templates have: the embedded ones would not give it back.
    await writeFile(join(source, "layers/base/OWN.md"), "# From our own templates\n");
    await cli(["new", "own", "-d", "sqlite", "--template-source", source], root);
    const original = join(root, "own");
    // Relative to the project, so that the two can move together.
    expect(JSON.parse(await readFile(join(original, "scaffold.json"), "utf8")).templateSource).toBe("../own-templates");

    const replayed = join(root, "own-replayed");
    await replayProject(await readFile(join(original, "scaffold.json"), "utf8"), replayed);
    const files = await tree(original);
    expect(files.has("OWN.md")).toBe(true);
    expect(differences(files, await tree(replayed))).toEqual([]);
  });
});

// The second test replays the project the first one made.
describe("a project from before the record", () => {
  /** scaffold.json as earlier releases wrote it: no name, models without their runs. */
  async function olderProject(): Promise<{ dir: string; manifest: Record<string, unknown> }> {
    await cli(["new", "older", "-t", "minimal", "-d", "sqlite"], root);
    const dir = join(root, "older");
    await cli(CHAIN[0] as string[], dir);
    const { name, addModelRuns, ...manifest } = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    await writeFile(join(dir, "scaffold.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, manifest };
  }

  test("add-model still works on it, and records the runs from then on", async () => {
    const { dir } = await olderProject();
    await cli(["add-model", "Tag", "--fields", "label:string", "--plural", "tagz", "--public"], dir);
    const manifest = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    expect(manifest.models.map((model: { name: string }) => model.name)).toEqual(["Category", "Tag"]);
    expect(manifest.addModelRuns).toEqual([
      { model: "Tag", fields: "label:string", public: true, plural: "tagz", at: expect.any(String) },
    ]);
  });

  test("replaying it is refused, writing nothing", async () => {
    const scaffoldJson = await readFile(join(root, "older/scaffold.json"), "utf8");
    const target = join(root, "older-replayed");
    await expect(replayProject(scaffoldJson, target)).rejects.toThrow("records no project name");
    const named = JSON.stringify({ ...JSON.parse(scaffoldJson), name: "older" });
    await expect(replayProject(named, target)).rejects.toThrow('"addModelRuns" does not account for "models"');
    expect(await readdir(root)).not.toContain("older-replayed");
  });
});
