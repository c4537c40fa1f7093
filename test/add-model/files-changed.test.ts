/**
 * The helpers every model may need ship with the templates, so add-model touches no shared file to bring them: a
 * model of every field type (and, in a second run, one that belongs to the first) changes only src/modules.ts, its own
 * folder, the test-adapter list (graphql: the resolvers' list), the README's model sections and scaffold.json; the first model also registers the
 * models once (test-app.ts; in graphql, graphql-server.ts and the users' tests). On every template and database.
 */
import { describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { executePlan } from "../../src/add-model/execute.ts";
import { type AddModelRequest, planAddModel } from "../../src/add-model/plan.ts";
import { projectFile, readProject } from "../../src/add-model/project.ts";
import { DATABASES } from "../../src/generate/choices.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { TEMPLATES } from "./model-shapes.ts";

const request = (name: string, fields: string, belongsTo: string[] = []): AddModelRequest => ({
  name,
  fields,
  belongsTo,
  hasMany: [],
  public: false,
  plural: undefined,
});

const EVERY_TYPE = "title:string:not_null,stock:uint:index,delta:int,price:float64,ready:bool,seen_at:time";
/** The lists of models: modules, test adapters, graphql's resolvers; the README's sections; the run's record. */
const SHARED = [
  "README.md",
  "scaffold.json",
  "src/modules.ts",
  "test/support/model-adapters.ts",
  "src/graphql/model-resolvers.ts",
];
/** The first model's registrations (graphql's users' tests then build their app with the models' adapters too). */
const FIRST_MODEL_ONLY = [
  "test/support/test-app.ts",
  "src/graphql/graphql-server.ts",
  "src/users/users.graphql.test.ts",
  "src/users/users.graphql-contract.test.ts",
];

describe("the files a new model changes", () => {
  test("its own folder and the model lists only, on every template and database", async () => {
    const tree = await loadTemplateDir(repositoryTemplates());
    const work = await mkdtemp(join(tmpdir(), "files-changed-"));
    try {
      for (const template of TEMPLATES) {
        for (const database of DATABASES) {
          const dir = join(work, `${template}-${database}`);
          const options = { projectName: "files", template, database, observability: "none" as const };
          for (const file of planProject(tree, { ...options, templateRef: null, cliVersion: "0.0.0" })) {
            await mkdir(dirname(join(dir, file.path)), { recursive: true });
            await writeFile(join(dir, file.path), file.contents);
          }
          const runs = [request("Gadget", EVERY_TYPE), request("Widget", EVERY_TYPE, ["Gadget"])];
          for (const [i, run] of runs.entries()) {
            const plan = planAddModel(readProject(dir), run, projectFile(dir), new Date(Date.UTC(2026, 0, 1, i)));
            const folders = i === 0 ? ["src/gadgets/"] : ["src/widgets/", "src/gadgets/"];
            const allowed = i === 0 ? [...SHARED, ...FIRST_MODEL_ONLY] : SHARED;
            const touched = [...plan.create.map((file) => file.path), ...plan.change.map((file) => file.path)];
            const elsewhere = touched.filter(
              (path) => !allowed.includes(path) && !folders.some((folder) => path.startsWith(folder)),
            );
            expect(`${template} x ${database}, ${run.name}: ${elsewhere.join(", ")}`).toBe(
              `${template} x ${database}, ${run.name}: `,
            );
            await executePlan(dir, plan, new AbortController().signal);
          }
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});
