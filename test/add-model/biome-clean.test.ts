/**
 * What `scaffold new` and a chain of add-model runs write passes the project's own `biome check` as written, with no
 * `npm install` before it: every template that takes models, every database, every model shape (each field type and
 * modifier, relations both ways, the template's users as a parent, a plural, names long enough to break lines).
 * The check runs the repository's Biome, pinned to the version the generated projects install.
 */
import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { executePlan } from "../../src/add-model/execute.ts";
import { planAddModel } from "../../src/add-model/plan.ts";
import { projectFile, readProject } from "../../src/add-model/project.ts";
import { DATABASES } from "../../src/generate/choices.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { chainRequests, LONG_NAMES, MODEL_SHAPES, TEMPLATES } from "./model-shapes.ts";

const ROOT = join(import.meta.dir, "..", "..");
const BIOME = join(ROOT, "node_modules", ".bin", "biome");

describe("scaffold new + add-model, before npm install", () => {
  test("the repository's Biome is the version the generated projects pin", async () => {
    const base = JSON.parse(await readFile(join(repositoryTemplates(), "layers/base/package.json"), "utf8"));
    const repository = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
    expect(repository.devDependencies["@biomejs/biome"]).toBe(base.devDependencies["@biomejs/biome"]);
  });

  test("every template, database and model shape passes the project's biome check as written", async () => {
    const tree = await loadTemplateDir(repositoryTemplates());
    const work = await mkdtemp(join(tmpdir(), "biome-clean-"));
    const failures: string[] = [];
    try {
      for (const template of TEMPLATES) {
        for (const database of DATABASES) {
          const dir = join(work, `${template}-${database}`);
          const options = { projectName: "shapes", template, database, observability: "none" as const };
          for (const file of planProject(tree, { ...options, templateRef: null, cliVersion: "0.0.0" })) {
            await mkdir(dirname(join(dir, file.path)), { recursive: true });
            await writeFile(join(dir, file.path), file.contents);
          }
          const shapes = [...MODEL_SHAPES, LONG_NAMES].map((m) => (template === "full" ? m : { ...m, public: false }));
          for (const [i, request] of chainRequests(shapes).entries()) {
            const plan = planAddModel(readProject(dir), request, projectFile(dir), new Date(Date.UTC(2026, 0, 1, i)));
            await executePlan(dir, plan, new AbortController().signal);
          }
          const check = spawnSync(BIOME, ["check", "--max-diagnostics=5", "."], { cwd: dir, encoding: "utf8" });
          if (check.status !== 0) failures.push(`${template} x ${database}:\n${check.stdout}${check.stderr}`);
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
