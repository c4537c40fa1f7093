import { afterAll, beforeAll, test } from "bun:test";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import type { Database, Observability } from "../../../src/generate/template-tree.ts";
import { expectSuccess, generateProject, npmInstall, npmRun } from "../../support/generated-project.ts";

/**
 * A `full` project at an observability level, generated and installed once for the enclosing `describe` (removed
 * after it), and the tests that its npm `scripts` pass. Returns the project's folder, once `beforeAll` has run.
 */
export function installedFullProject(database: Database, observability: Observability, scripts: string[] = []) {
  const project = { dir: "" };
  beforeAll(async () => {
    project.dir = await generateProject("full", database, observability);
    expectSuccess("npm install", await npmInstall(project.dir));
  }, 600_000);
  afterAll(() => (project.dir ? rm(dirname(project.dir), { recursive: true, force: true }) : undefined), 60_000);
  for (const script of scripts) {
    test(`npm run ${script} passes`, async () => {
      expectSuccess(`npm run ${script}`, await npmRun(project.dir, script));
    }, 180_000);
  }
  return () => project.dir;
}
