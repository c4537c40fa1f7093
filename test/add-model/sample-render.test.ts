/**
 * While add-model moves from emitters (src/add-model/emit/) to the sample resource (templates/resource/), every file
 * kind with a sample must render, for every template, database and model shape, to the code its emitter writes, once
 * both are laid out by the projects' Biome. A kind leaves this list when its emitter is deleted.
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { emitModelFiles, modelPaths } from "../../src/add-model/emit/index.ts";
import { type FileKind, fileNames } from "../../src/add-model/emit/paths.ts";
import type { Field } from "../../src/add-model/field-spec.ts";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf } from "../../src/add-model/model.ts";
import { renderResourceFile, SAMPLE_DIR } from "../../src/add-model/render/resource.ts";
import { SAMPLE_CHILD, SAMPLE_FIELDS, SAMPLE_MODEL, SAMPLE_PARENT } from "../../src/add-model/render/sample.ts";
import { DATABASES } from "../../src/generate/choices.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";

const ROOT = join(import.meta.dir, "..", "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

const field = (name: string, type: Field["type"], ...modifiers: Array<"unique" | "notNull" | "index">): Field => ({
  name,
  type,
  unique: modifiers.includes("unique"),
  notNull: modifiers.includes("notNull"),
  index: modifiers.includes("index"),
});
const model = (name: string, fields: Field[], more: Partial<ModelRecord> = {}): ModelRecord => ({
  name,
  plural: null,
  fields,
  belongsTo: [],
  hasMany: [],
  public: false,
  ...more,
});

/** Model shapes: the README's chain, every type and modifier, several parents, the template's User, a plural. */
const MODELS: ModelRecord[] = [
  model("Category", [field("name", "string", "unique", "notNull")], { hasMany: ["Product"] }),
  model(
    "Product",
    [
      field("title", "string", "notNull"),
      field("price", "float64"),
      field("stock", "uint"),
      field("released_at", "time", "index"),
    ],
    { belongsTo: ["Category"] },
  ),
  model(
    "Gadget",
    [
      field("serial_code", "string", "unique", "notNull", "index"),
      field("memo", "string"),
      field("offset_by", "int", "notNull"),
      field("units", "uint", "notNull", "index"),
      field("temperature", "int", "unique"),
      field("ratio", "float64", "notNull"),
      field("enabled", "bool"),
      field("ready", "bool", "notNull"),
      field("seen_at", "time", "notNull"),
      field("label", "string", "unique"),
    ],
    { belongsTo: ["User", "Category"] },
  ),
  model("Note", [field("body", "string")], { public: true }),
  model("Person", [field("nick", "string", "notNull")], { plural: "people", belongsTo: ["Note"] }),
];
const TEMPLATES: ModelTemplate[] = ["full", "minimal", "graphql"];

/** The kinds that have a sample file. */
const KINDS = (Object.entries(fileNames(SAMPLE_MODEL)) as Array<[FileKind, string]>).filter(([, file]) =>
  existsSync(join(repositoryTemplates(), SAMPLE_DIR, file)),
);

describe("the sample resource renders what the emitters write", () => {
  test(`kinds: ${KINDS.map(([kind]) => kind).join(", ") || "none yet"}`, async () => {
    const dir = await mkdtemp(join(tmpdir(), "sample-render-"));
    try {
      const written: string[] = [];
      for (const template of TEMPLATES) {
        for (const database of DATABASES) {
          const records = template === "full" ? MODELS : MODELS.map((m) => ({ ...m, public: false }));
          const all = records.map((record) => ({ record, names: namesOf(record) }));
          for (const record of records) {
            const context = emitContext(record, records, { template, database });
            const emitted = new Map(emitModelFiles(context, all).map((file) => [file.path, file.contents]));
            const paths = modelPaths(context);
            for (const [kind, file] of KINDS) {
              const expected = emitted.get(paths[kind]);
              if (expected === undefined) continue;
              const rendered = renderResourceFile(file, context, all);
              for (const [side, text] of [
                ["emitted", expected],
                ["rendered", rendered],
              ]) {
                const path = join(dir, side as string, template, database, paths[kind]);
                await mkdir(dirname(path), { recursive: true });
                await writeFile(path, text as string);
              }
              written.push(join(template, database, paths[kind]));
            }
          }
        }
      }
      await copyFile(join(repositoryTemplates(), "layers", "base", "biome.json"), join(dir, "biome.json"));
      const format = spawnSync(BIOME, ["format", "--write", "emitted", "rendered"], { cwd: dir, encoding: "utf8" });
      expect(format.stderr).not.toContain("×");
      const differing: string[] = [];
      for (const path of written) {
        const [emitted, rendered] = await Promise.all([
          readFile(join(dir, "emitted", path), "utf8"),
          readFile(join(dir, "rendered", path), "utf8"),
        ]);
        if (emitted !== rendered) differing.push(path);
        // A sample name left in the output is a spelling the template wrote outside the scope that replaces it.
        for (const sample of [SAMPLE_MODEL.pascal, SAMPLE_PARENT.pascal, SAMPLE_CHILD.pascal, SAMPLE_MODEL.snake]) {
          if (rendered.includes(sample)) differing.push(`${path} (still names ${sample})`);
        }
        for (const sample of SAMPLE_FIELDS) {
          if (rendered.includes(sample.name)) differing.push(`${path} (still names ${sample.name})`);
        }
      }
      if (differing.length > 0) {
        const [first] = differing;
        const diff = spawnSync("diff", ["-u", join("emitted", first as string), join("rendered", first as string)], {
          cwd: dir,
          encoding: "utf8",
        });
        console.error(diff.stdout.slice(0, 6000));
      }
      expect(differing).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
