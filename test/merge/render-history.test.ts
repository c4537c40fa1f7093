import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordedTemplates } from "../../src/merge/recorded-templates.ts";
import { asRecorded, type FileMap, renderHistory } from "../../src/merge/render-history.ts";
import { snapshot } from "../add-model/project-fixture.ts";
import { cliEnv, repoRoot, runCli, useTempHome } from "../cli/run-cli.ts";

useTempHome();
setDefaultTimeout(60_000);

/** A parent, a child of it, the parent's has-many, and a child of the template's users. */
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
  ["add-model", "Note", "--fields", "text:string", "--belongs-to", "User", "--plural", "notez"],
];

let root = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "scaffold-history-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function cli(args: string[], cwd: string): Promise<void> {
  const result = await runCli(args[0] === "add-model" ? [...args, "--yes"] : args, cwd, { env: cliEnv() });
  if (result.exitCode !== 0) throw new Error(`scaffold ${args.join(" ")} failed: ${result.stderr}`);
}

/** The project's history rendered in memory, from the templates its scaffold.json names. */
async function rendered(dir: string): Promise<FileMap> {
  const record = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
  const templates = await recordedTemplates(record, dir, true);
  return renderHistory(record, dir, asRecorded(record, templates.tree));
}

/** The disk's files but .git and .env (written by scaffold new's post step, from .env.example), by hash. */
async function onDisk(dir: string): Promise<Record<string, string>> {
  const files = await snapshot(dir);
  return Object.fromEntries(Object.entries(files).filter(([path, hash]) => path !== ".env" && hash !== "dir"));
}

async function hashes(files: FileMap): Promise<Record<string, string>> {
  const { createHash } = await import("node:crypto");
  const entries = [...files].map(([path, { contents }]) => [path, createHash("sha256").update(contents).digest("hex")]);
  return Object.fromEntries(entries.sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1)));
}

describe("renderHistory: a project's files rendered in memory from its scaffold.json", () => {
  for (const [template, database] of [
    ["full", "sqlite"],
    ["minimal", "postgres"],
    ["graphql", "mysql"],
  ] as const) {
    test(`${template}/${database}: scaffold new, then each add-model run: the same bytes as on disk`, async () => {
      await cli(["new", `${template}-shop`, "-t", template, "-d", database], root);
      const dir = join(root, `${template}-shop`);
      expect(await hashes(await rendered(dir))).toEqual(await onDisk(dir));
      for (const args of CHAIN) {
        await cli(args, dir);
        expect(await hashes(await rendered(dir))).toEqual(await onDisk(dir));
      }
    });
  }

  test("a project from a local --template-source still renders once it is moved with its templates", async () => {
    const place = join(root, "first");
    const source = join(place, "own-templates");
    await cp(join(repoRoot, "templates"), source, { recursive: true });
    // A file only these templates have: the CLI's own would not give it back.
    await writeFile(join(source, "layers/base/OWN.md"), "# From our own templates\n");
    await cli(["new", "own", "-d", "sqlite", "--template-source", source], place);
    await cli(CHAIN[0] as string[], join(place, "own"));
    const moved = join(root, "elsewhere");
    await cp(place, moved, { recursive: true });
    await rm(place, { recursive: true });
    const dir = join(moved, "own");
    expect(JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8")).templateSource).toBe("../own-templates");
    const files = await rendered(dir);
    expect(files.get("OWN.md")?.contents).toBe("# From our own templates\n");
    expect(await hashes(files)).toEqual(await onDisk(dir));
  });

  test("a scaffold.json naming templates of another version than the source holds is refused", async () => {
    const dir = join(root, "full-shop");
    const record = JSON.parse(await readFile(join(dir, "scaffold.json"), "utf8"));
    const source = join(root, "elsewhere/own-templates");
    await expect(
      recordedTemplates({ ...record, templateSource: source, templateVersion: "0.0.1" }, dir, true),
    ).rejects.toThrow("scaffold.json records templates 0.0.1");
  });
});
