/**
 * The files add-model writes outside a model's folder, rendered from their samples (templates/resource/): each model
 * listed once and in the files' order, README sections whose tables are as Biome lays them out, and no spelling of
 * the sample left, for every template, database and model shape.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf } from "../../src/add-model/model.ts";
import { renderProjectFile } from "../../src/add-model/render/project.ts";
import { readmeSection, sectionEnd, sectionStart } from "../../src/add-model/render/readme.ts";
import { SAMPLE_CHILD, SAMPLE_FIELDS, SAMPLE_MODEL, SAMPLE_PARENT } from "../../src/add-model/render/sample.ts";
import { DATABASES } from "../../src/generate/choices.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { field, MODEL_SHAPES, model, TEMPLATES } from "./model-shapes.ts";

const BIOME = join(import.meta.dir, "..", "..", "node_modules", ".bin", "biome");
const scratch = mkdtempSync(join(tmpdir(), "project-files-render-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Added in an order that is not their plurals': two of the template's users, a `--plural`, a `--public`. */
const SMALL: ModelRecord[] = [
  model("Note", [field("body", "string")], { belongsTo: ["User"] }),
  model("Category", [field("name", "string", "unique", "notNull")]),
  model("Person", [field("nick", "string", "notNull")], { plural: "people", belongsTo: ["User", "Category"] }),
];

/** The shared shapes, with the public Note belonging to the template's users too (a second child of User). */
const SHAPES: ModelRecord[] = MODEL_SHAPES.map((shape) =>
  shape.name === "Note" ? { ...shape, belongsTo: ["User"] } : shape,
);

/** The project's models after each add-model run of SHAPES (`--public` only where the template has it). */
function* projects() {
  for (const template of TEMPLATES) {
    for (const database of DATABASES) {
      for (let count = 1; count <= SHAPES.length; count++) {
        const added = SHAPES.slice(0, count).map((m) => m.name);
        const records = SHAPES.slice(0, count).map((m) => ({
          ...m,
          public: template === "full" && m.public,
          hasMany: m.hasMany.filter((name) => added.includes(name)),
        }));
        yield { project: { template, database }, records, at: join(template, database, String(count)) };
      }
    }
  }
}

const small = (file: string, template: ModelTemplate) =>
  renderProjectFile(file, SMALL, { template, database: "sqlite" });

describe("the files over every model", () => {
  test("model-adapters.ts: each model's in-memory repository once, in the order of their plurals", () => {
    expect(
      small("model-adapters.ts", "full"),
    ).toBe(`import { InMemoryCategoryRepository } from "../../src/categories/categories.in-memory.ts";
import { InMemoryNoteRepository } from "../../src/notes/notes.in-memory.ts";
import { InMemoryPersonRepository } from "../../src/people/people.in-memory.ts";

/** Fresh in-memory repositories of the models \`scaffold add-model\` added (one set per test app). */
export const modelAdapters = () => ({
  categories: new InMemoryCategoryRepository(),
  notes: new InMemoryNoteRepository(),
  people: new InMemoryPersonRepository(),
});
`);
  });

  test("model-resolvers.ts: each model's SDL file, services and resolvers once, in the order of their plurals", () => {
    const rendered = small("model-resolvers.ts", "graphql");
    expect(rendered.match(/^import .*$/gm)).toEqual([
      'import { readFileSync } from "node:fs";',
      'import { type CategoryResolverDependencies, categoryResolvers } from "../categories/categories.resolvers.ts";',
      'import { type NoteResolverDependencies, noteResolvers } from "../notes/notes.resolvers.ts";',
      'import { type PersonResolverDependencies, personResolvers } from "../people/people.resolvers.ts";',
    ]);
    expect(rendered).toContain(
      'const SDL_FILES = ["../categories/categories.graphql", "../notes/notes.graphql", "../people/people.graphql"];',
    );
    expect(rendered).toContain(
      "export type ModelServices = CategoryResolverDependencies & NoteResolverDependencies & PersonResolverDependencies;",
    );
    expect(rendered).toContain(
      "  return [categoryResolvers(services), noteResolvers(services), personResolvers(services)];",
    );
  });
});

/** The rows of each table of a Markdown text, as cells. */
const tablesOf = (markdown: string) =>
  [...markdown.matchAll(/^\|.*\|\n(?:\|.*\|\n?)*/gm)].map((table) =>
    table[0]
      .trimEnd()
      .split("\n")
      .map((row) => row.slice(1, -1).split("|")),
  );

describe("a model's README section", () => {
  test("between its markers: its routes (or operations) and a row per field and reference", () => {
    for (const template of TEMPLATES) {
      const all = SMALL.map((record) => ({ record, names: namesOf(record) }));
      const person = SMALL[2] as ModelRecord;
      const section = readmeSection(emitContext(person, SMALL, { template, database: "sqlite" }), all);
      expect(section.startsWith(`${sectionStart("Person")}\n### People\n\n`)).toBe(true);
      expect(section.endsWith(`\n${sectionEnd("Person")}`)).toBe(true);
      const [operations, fields] = tablesOf(section);
      // REST: the five routes, then a list and a create under each parent; GraphQL: five operations, a field per parent.
      expect(operations?.length).toBe(template === "graphql" ? 2 + 5 + 2 : 2 + 5 + 2 * 2);
      expect(fields?.slice(2).map((cells) => cells[0]?.trim())).toEqual(
        template === "graphql" ? ["`nick`", "`userId`", "`categoryId`"] : ["`nick`", "`user_id`", "`category_id`"],
      );
      expect(section.includes("Deleting a user who still has live people")).toBe(true);
    }
  });

  test("its tables are as Biome formats them, a cell per column, for every template, database and model shape", () => {
    const written: Array<{ path: string; text: string }> = [];
    for (const { project, records, at } of projects()) {
      const all = records.map((record) => ({ record, names: namesOf(record) }));
      for (const record of records) {
        const text = `${readmeSection(emitContext(record, records, project), all)}\n`;
        for (const table of tablesOf(text)) {
          for (const row of table) expect(row.length).toBe(table[0]?.length as number);
        }
        written.push({ path: join("readme", at, `${record.name}.md`), text });
      }
    }
    for (const { path, text } of written) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
    }
    copyFileSync(join(repositoryTemplates(), "layers", "base", "biome.json"), join(scratch, "biome.json"));
    const format = spawnSync(BIOME, ["format", "--write", "readme"], { cwd: scratch, encoding: "utf8" });
    expect(format.stderr).not.toContain("×");
    const changed = written.filter(({ path, text }) => readFileSync(join(scratch, path), "utf8") !== text);
    expect(changed.map(({ path }) => path)).toEqual([]);
  });
});

test("every rendered file names no sample and passes the projects' Biome, for every template, database and shape", () => {
  const written: string[] = [];
  for (const { project, records, at } of projects()) {
    const all = records.map((record) => ({ record, names: namesOf(record) }));
    const files = ["model-adapters.ts", ...(project.template === "graphql" ? ["model-resolvers.ts"] : [])].map(
      (file) => ({ path: join("code", at, file), text: renderProjectFile(file, records, project) }),
    );
    const sections = records.map((record) => readmeSection(emitContext(record, records, project), all));
    for (const { path, text } of [...files, { path: join(at, "README.md"), text: sections.join("\n") }]) {
      // A sample name left in the output is a spelling the sample wrote outside the scope that replaces it.
      for (const sample of [
        SAMPLE_MODEL.pascal,
        SAMPLE_PARENT.pascal,
        SAMPLE_CHILD.pascal,
        SAMPLE_MODEL.snake,
        SAMPLE_MODEL.words,
      ]) {
        expect(`${path}: ${text.includes(sample) ? sample : "none"}`).toBe(`${path}: none`);
      }
      for (const { name } of SAMPLE_FIELDS)
        expect(`${path}: ${text.includes(name) ? name : "none"}`).toBe(`${path}: none`);
    }
    for (const { path, text } of files) {
      mkdirSync(dirname(join(scratch, path)), { recursive: true });
      writeFileSync(join(scratch, path), text);
      written.push(path);
    }
  }
  copyFileSync(join(repositoryTemplates(), "layers", "base", "biome.json"), join(scratch, "biome.json"));
  const check = spawnSync(BIOME, ["check", "--write", "code"], { cwd: scratch, encoding: "utf8" });
  expect(check.stdout + check.stderr).not.toContain("×");
  expect(check.status).toBe(0);
  expect(written.length).toBeGreaterThan(0);
});
