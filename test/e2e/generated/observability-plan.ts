import { join } from "node:path";
import { loadTemplateDir } from "../../../src/generate/load-template-dir.ts";
import { type PlannedFile, planProject } from "../../../src/generate/plan.ts";
import type { Database, Observability } from "../../../src/generate/template-tree.ts";
import { repoRoot } from "../../support/generated-project.ts";

const tree = await loadTemplateDir(join(repoRoot, "templates"));

/** The files of a `full` project at one observability level, by path (no install, no disk: the planner's output). */
export function plannedFiles(database: Database, observability: Observability): Map<string, PlannedFile> {
  const options = { projectName: "demo", template: "full" as const, database, observability };
  const files = planProject(tree, { ...options, templateRef: null, cliVersion: "0.0.0" });
  return new Map(files.map((file) => [file.path, file]));
}

/** What differs between two levels' projects: files only one has, files both have with other contents or mode. */
export function planDifference(from: Map<string, PlannedFile>, to: Map<string, PlannedFile>) {
  const added = [...to.keys()].filter((path) => !from.has(path)).sort();
  const removed = [...from.keys()].filter((path) => !to.has(path)).sort();
  const changed = [...to]
    .filter(([path, file]) => {
      const before = from.get(path);
      return before !== undefined && (before.contents !== file.contents || before.mode !== file.mode);
    })
    .map(([path]) => path)
    .sort();
  return { added, removed, changed };
}
