import { executePlan } from "../add-model/execute.ts";
import { planAddModel } from "../add-model/plan.ts";
import { projectFile, readProject } from "../add-model/project.ts";
import { recordedRuns, requestOf } from "../add-model/runs.ts";
import { treeReader } from "../merge/recorded-templates.ts";
import { ScaffoldError } from "./errors.ts";
import { planGeneration, writeGeneration } from "./generate-project.ts";
import { resolveOptions } from "./options.ts";

export interface ReplayOptions {
  /**
   * Runs in the regenerated project before its add-model runs are replayed: an `npm install` (or a link to an
   * installed `node_modules`), so that drizzle-kit and Biome are there as they were for the original runs.
   */
  beforeModels?: (dir: string) => Promise<void>;
  /** Ctrl-C: a replayed run that is cut short restores the project as it was before that run. */
  signal?: AbortSignal;
}

export interface Replayed {
  /** The files `scaffold new` wrote. */
  files: number;
  /** The add-model runs replayed, in order. */
  runs: number;
}

const cannotReplay = (reason: string) => new ScaffoldError(`This scaffold.json cannot be replayed exactly: ${reason}.`);

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Generates the project that `scaffoldJson` (a project's `scaffold.json`) records into `target` again: `scaffold new`
 * with the recorded name, choices and templates, then every recorded add-model run, in order, with its fields,
 * relations, options and time. The same scaffold version gives the same bytes (only `.git` differs).
 */
export async function replayProject(
  scaffoldJson: string,
  target: string,
  options: ReplayOptions = {},
): Promise<Replayed> {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(scaffoldJson);
  } catch {
    throw cannotReplay("it is not valid JSON");
  }
  const name = text(manifest.name);
  if (name === undefined) throw cannotReplay("it records no project name (it predates the record)");
  const runs = recordedRuns(manifest);
  const models = Array.isArray(manifest.models) ? (manifest.models as Array<{ name?: unknown }>) : [];
  const added = runs.filter((run) => run.fields !== undefined).map((run) => run.model);
  if (added.join() !== models.map((model) => model.name).join()) {
    throw cannotReplay(`"addModelRuns" does not account for "models" (add-model runs before the record were not kept)`);
  }
  const generation = await planGeneration(
    resolveOptions({
      name,
      template: text(manifest.template),
      database: text(manifest.database),
      observability: text(manifest.observability),
      templateRef: text(manifest.templateRef),
      templateSource: text(manifest.templateSource),
    }),
    target,
    // A local source is recorded relative to the project: the replay finds it from where the project is replayed.
    target,
  );
  const version = generation.templates.tree.manifest.version;
  if (version !== manifest.templateVersion) {
    throw cannotReplay(
      `it was generated from templates ${String(manifest.templateVersion)}, and ${version} were found`,
    );
  }
  await writeGeneration(generation);
  const templates = treeReader(generation.templates.tree);
  await options.beforeModels?.(target);
  const signal = options.signal ?? new AbortController().signal;
  for (const run of runs) {
    const project = readProject(target);
    const plan = planAddModel(project, requestOf(run), projectFile(target), new Date(run.at), templates);
    await executePlan(target, plan, signal);
  }
  return { files: generation.files.length, runs: runs.length };
}
