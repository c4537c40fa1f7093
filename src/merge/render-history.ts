import { type AddModelPlan, planAddModel } from "../add-model/plan.ts";
import { type Project, parseProject } from "../add-model/project.ts";
import { recordedRuns, requestOf } from "../add-model/runs.ts";
import type { Observability } from "../generate/choices.ts";
import { planProject } from "../generate/plan.ts";
import type { TemplateTree } from "../generate/template-tree.ts";
import { treeReader } from "./recorded-templates.ts";

/** A project's files in memory, by path. */
export type FileMap = Map<string, { contents: string; mode: number }>;

/** What is rendered: the recorded project, at a release of the templates, with its choices possibly changed. */
export interface HistoryOptions {
  tree: TemplateTree;
  /** What scaffold.json records about where `tree` came from (the recorded values for the base of a merge). */
  templateRef: string | null;
  templateSource: string | null;
  cliVersion: string;
  observability?: Observability;
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The options that render a project as it was generated: its recorded source, ref and CLI version. */
export const asRecorded = (record: Record<string, unknown>, tree: TemplateTree): HistoryOptions => ({
  tree,
  templateRef: text(record.templateRef) ?? null,
  templateSource: text(record.templateSource) ?? null,
  cliVersion: text(record.cliVersion) ?? "",
});

/**
 * Whether `record` (a project's scaffold.json) holds its whole history: its name, and a recorded add-model run for
 * every model it lists (releases before the record kept the models only).
 */
export function hasHistory(record: Record<string, unknown>): boolean {
  if (text(record.name) === undefined) return false;
  const added = recordedRuns(record).filter((run) => run.fields !== undefined);
  const models = Array.isArray(record.models) ? (record.models as Array<{ name?: unknown }>) : [];
  return added.map((run) => run.model).join() === models.map((model) => model.name).join();
}

/** A copy of `files` with an add-model plan's files written into it. */
export function withPlan(files: FileMap, plan: Pick<AddModelPlan, "create" | "change">): FileMap {
  const next: FileMap = new Map(files);
  for (const { path, contents } of plan.create) next.set(path, { contents, mode: 0o644 });
  for (const { path, after } of plan.change) next.set(path, { contents: after, mode: files.get(path)?.mode ?? 0o644 });
  return next;
}

/** The project that `files` (a rendered project) describe in their scaffold.json. */
export const projectOf = (files: FileMap, root: string): Project =>
  parseProject(JSON.parse(files.get("scaffold.json")?.contents ?? "{}"), root);

/** Reads a file of a rendered project. */
export const readerOf = (files: FileMap) => (path: string) => files.get(path)?.contents;

/**
 * Pure (no disk, no clock): the files the generator writes for the project `record` describes, rendered in memory
 * from `options.tree`: `scaffold new` with the recorded name and choices, then every recorded add-model run in order,
 * each at its recorded time. What drizzle-kit and Biome add on disk is not here.
 */
export function renderHistory(record: Record<string, unknown>, root: string, options: HistoryOptions): FileMap {
  const project = parseProject(record, root);
  const planned = planProject(options.tree, {
    projectName: text(record.name) ?? "",
    template: project.template,
    database: project.database,
    observability: options.observability ?? (text(record.observability) as Observability | undefined) ?? "none",
    templateRef: options.templateRef,
    templateSource: options.templateSource,
    cliVersion: options.cliVersion,
  });
  let files: FileMap = new Map(planned.map(({ path, contents, mode }) => [path, { contents, mode }]));
  const read = treeReader(options.tree);
  for (const run of recordedRuns(record)) {
    files = withPlan(
      files,
      planAddModel(projectOf(files, root), requestOf(run), readerOf(files), new Date(run.at), read),
    );
  }
  return files;
}
