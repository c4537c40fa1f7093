/**
 * add-model renders a model's folder from the sample resource (templates/resource/). For every template, database
 * and model shape, every rendered file must be code Biome can lay out (it fails on a syntax error) and must keep no
 * directive and no spelling of the sample's names; the e2e add-model suites then type-check, lint, test and boot
 * what it renders in generated projects.
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { emitContext, namesOf } from "../../src/add-model/model.ts";
import { emitModelFiles } from "../../src/add-model/render/model-files.ts";
import { SAMPLE_CHILD, SAMPLE_FIELDS, SAMPLE_MODEL, SAMPLE_PARENT } from "../../src/add-model/render/sample.ts";
import { DATABASES } from "../../src/generate/choices.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { field, MODEL_SHAPES, model, TEMPLATES } from "./model-shapes.ts";

const ROOT = join(import.meta.dir, "..", "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

/** What a directive looks like (template.ts): none may reach a project. */
const DIRECTIVE = /(?:\/\/|#|\/\*) ?@(?:if|elif|else|each|end|note)\b/;

describe("the sample resource", () => {
  test("renders every model shape, template and database to code Biome reads, with no directive or sample name left", async () => {
    const dir = await mkdtemp(join(tmpdir(), "sample-render-"));
    try {
      const written: string[] = [];
      for (const template of TEMPLATES) {
        for (const database of DATABASES) {
          const records = template === "full" ? MODEL_SHAPES : MODEL_SHAPES.map((m) => ({ ...m, public: false }));
          const all = records.map((record) => ({ record, names: namesOf(record) }));
          for (const record of records) {
            const files = emitModelFiles(emitContext(record, records, { template, database }), all);
            // Eight kinds of file per model in its own folder: domain, port, table, repository, service, module, the
            // in-memory repository and the service test, plus the API's two files, its test and its contract walk, and the
            // rows its tests store for a model with parents or children.
            const related =
              record.belongsTo.length > 0 || records.some((other) => other.belongsTo.includes(record.name));
            expect(files.length).toBe((related ? 12 : 11) + 1);
            for (const file of files) {
              const path = join(template, database, file.path);
              await mkdir(dirname(join(dir, path)), { recursive: true });
              await writeFile(join(dir, path), file.contents);
              written.push(path);
            }
          }
        }
      }
      await copyFile(join(repositoryTemplates(), "layers", "base", "biome.json"), join(dir, "biome.json"));
      const format = spawnSync(BIOME, ["format", "--write", "."], { cwd: dir, encoding: "utf8" });
      expect(format.stderr).not.toContain("×");
      expect(format.status).toBe(0);
      const wrong: string[] = [];
      for (const path of written) {
        const text = await readFile(join(dir, path), "utf8");
        if (DIRECTIVE.test(text)) wrong.push(`${path}: ${DIRECTIVE.exec(text)?.[0]}`);
        // A sample name left in the output is a spelling the template wrote outside the scope that replaces it.
        for (const sample of [SAMPLE_MODEL.pascal, SAMPLE_PARENT.pascal, SAMPLE_CHILD.pascal, SAMPLE_MODEL.snake]) {
          if (text.includes(sample)) wrong.push(`${path}: still names ${sample}`);
        }
        for (const sample of SAMPLE_FIELDS) {
          if (text.includes(sample.name)) wrong.push(`${path}: still names ${sample.name}`);
        }
      }
      expect(wrong).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

test('the article goes with the model\'s words: "an item", "An item", "a user"', () => {
  const item = model("Item", [field("label", "string", "unique")], { belongsTo: ["User"] });
  const files = emitModelFiles(emitContext(item, [item], { template: "full", database: "sqlite" }), [
    { record: item, names: namesOf(item) },
  ]);
  const text = files.map((file) => file.contents).join("\n");
  expect(text).toContain('"An item with this label already exists"');
  expect(text).toContain("POST creates an item");
  expect(text).toContain("a user");
  expect(text).not.toMatch(/\b[Aa] item\b|\b[Aa]n user\b/);
});
