/**
 * The files add-model writes outside a model's folder render from their samples (templates/resource/) to what their
 * emitters write: the TypeScript once both are laid out by the projects' Biome, the README sections as they are.
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { emitModelResolvers } from "../../src/add-model/emit/graphql/model-resolvers.ts";
import { BATCH_LOADER, NOT_FOUND } from "../../src/add-model/emit/graphql/static.ts";
import { emitModelAdapters } from "../../src/add-model/emit/model-adapters.ts";
import { emitReadmeSection } from "../../src/add-model/emit/readme.ts";
import { emitUserChildren } from "../../src/add-model/emit/user-children.ts";
import type { Field } from "../../src/add-model/field-spec.ts";
import { templateFile } from "../../src/add-model/helpers.ts";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf, USER } from "../../src/add-model/model.ts";
import { renderProjectFile } from "../../src/add-model/render/project.ts";
import { readmeSection } from "../../src/add-model/render/readme.ts";
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

/** sample-render.test.ts's shapes, and a second model of the template's users (their order in user-children.ts). */
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
  model("Badge", [field("title", "string", "notNull")], { belongsTo: ["User"] }),
];
const TEMPLATES: ModelTemplate[] = ["full", "minimal", "graphql"];

describe("the project files render what the emitters write", () => {
  test("model-adapters, user-children, model-resolvers, the GraphQL snippets and the README sections", async () => {
    const dir = await mkdtemp(join(tmpdir(), "project-files-render-"));
    try {
      const written: string[] = [];
      const differing: string[] = [];
      const compare = async (path: string, expected: string, rendered: string) => {
        for (const [side, text] of [
          ["emitted", expected],
          ["rendered", rendered],
        ] as const) {
          await mkdir(dirname(join(dir, side, path)), { recursive: true });
          await writeFile(join(dir, side, path), text);
        }
        written.push(path);
      };
      for (const template of TEMPLATES) {
        for (const database of DATABASES) {
          const project = { template, database };
          for (let count = 1; count <= MODELS.length; count++) {
            const names = MODELS.slice(0, count).map((m) => m.name);
            const records = MODELS.slice(0, count).map((m) => ({
              ...m,
              public: template === "full" && m.public,
              hasMany: m.hasMany.filter((name) => names.includes(name)),
            }));
            const all = records.map((record) => ({ record, names: namesOf(record) }));
            const at = join(template, database, String(count));
            await compare(
              join(at, "model-adapters.ts"),
              emitModelAdapters(all),
              renderProjectFile("model-adapters.ts", records, project),
            );
            const userChildren = all.filter((m) => m.record.belongsTo.includes(USER));
            if (userChildren.length > 0) {
              await compare(
                join(at, "user-children.ts"),
                emitUserChildren(userChildren),
                renderProjectFile("user-children.ts", records, project),
              );
            }
            if (template === "graphql") {
              await compare(
                join(at, "model-resolvers.ts"),
                emitModelResolvers(all),
                renderProjectFile("model-resolvers.ts", records, project),
              );
            }
            for (const record of records) {
              const context = emitContext(record, records, project);
              const emitted = emitReadmeSection(context);
              const rendered = readmeSection(context, all);
              if (emitted !== rendered) differing.push(join(at, `${record.name}.md`));
              await compare(join(at, `${record.name}.md`), emitted, rendered);
            }
          }
        }
      }
      expect(templateFile("snippets/graphql/batch-loader.ts")).toBe(BATCH_LOADER);
      expect(templateFile("snippets/graphql/not-found.ts")).toBe(NOT_FOUND);
      await copyFile(join(repositoryTemplates(), "layers", "base", "biome.json"), join(dir, "biome.json"));
      const format = spawnSync(BIOME, ["format", "--write", "emitted", "rendered"], { cwd: dir, encoding: "utf8" });
      expect(format.stderr).not.toContain("×");
      for (const path of written) {
        const [emitted, rendered] = await Promise.all([
          readFile(join(dir, "emitted", path), "utf8"),
          readFile(join(dir, "rendered", path), "utf8"),
        ]);
        if (emitted !== rendered) differing.push(path);
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
