/**
 * add-model writes the same sources whether or not the project's dependencies are installed: the same `scaffold new`
 * + add-model chain (every model shape, long names included) is run in a project without node_modules and in one with
 * the node_modules of an installed project linked in, for every template that takes models (SQLite: the installed
 * project's database). Every file of the first is byte-equal in the second, and the second passes its own installed
 * `biome check`. The one difference left is the migration: drizzle-kit, when installed, writes it under drizzle/.
 */
import { describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { executePlan } from "../../src/add-model/execute.ts";
import { type AddModelRequest, planAddModel } from "../../src/add-model/plan.ts";
import { projectFile, readProject } from "../../src/add-model/project.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { chainRequests, LONG_NAMES, MODEL_SHAPES, TEMPLATES } from "../add-model/model-shapes.ts";
import { snapshot } from "../add-model/project-fixture.ts";
import { expectSuccess, runCommand } from "../support/generated-project.ts";
import { installedFullProject } from "./generated/installed-project.ts";

async function generate(dir: string, template: (typeof TEMPLATES)[number], requests: AddModelRequest[]) {
  const tree = await loadTemplateDir(repositoryTemplates());
  const options = { projectName: "shapes", template, database: "sqlite", observability: "none" } as const;
  for (const file of planProject(tree, { ...options, templateRef: null, cliVersion: "0.0.0" })) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.contents);
  }
  return async () => {
    for (const [i, request] of requests.entries()) {
      const plan = planAddModel(readProject(dir), request, projectFile(dir), new Date(Date.UTC(2026, 0, 1, i)));
      await executePlan(dir, plan, new AbortController().signal);
    }
  };
}

describe("add-model before and after npm install", () => {
  const installed = installedFullProject("sqlite", "none");

  for (const template of TEMPLATES) {
    test(`${template}: the same sources, and the installed Biome finds nothing`, async () => {
      const work = await mkdtemp(join(tmpdir(), `add-model-install-${template}-`));
      try {
        const shapes = [...MODEL_SHAPES, LONG_NAMES].map((m) => (template === "full" ? m : { ...m, public: false }));
        const requests = chainRequests(shapes);
        const bare = join(work, "bare");
        const withModules = join(work, "installed");
        await (await generate(bare, template, requests))();
        const runChain = await generate(withModules, template, requests);
        await symlink(join(installed(), "node_modules"), join(withModules, "node_modules"));
        await runChain();

        const modules = join(withModules, "node_modules");
        const biome = join(modules, ".bin", "biome");
        expectSuccess("biome check", await runCommand(biome, ["check", "."], { cwd: withModules, timeoutMs: 120_000 }));
        await unlink(modules);

        const before = await snapshot(bare);
        const after = await snapshot(withModules);
        const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
        const differing = [...paths].filter((path) => after[path] !== before[path]);
        // drizzle-kit's migrations (SQL, snapshot, journal entry) are all that the installed project has in addition.
        expect(differing.filter((path) => !path.startsWith("drizzle/"))).toEqual([]);
        expect(differing.some((path) => /^drizzle\/\d{4}_add_categories\.sql$/.test(path))).toBe(true);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }, 300_000);
  }
});
