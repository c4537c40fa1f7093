import pkg from "../../package.json" with { type: "json" };
import { ManualEditError } from "../add-model/patches.ts";
import { type AddModelPlan, type AddModelRequest, checkRequest, modelFiles, planAddModel } from "../add-model/plan.ts";
import { type Project, projectFile } from "../add-model/project.ts";
import { ScaffoldError } from "../generate/errors.ts";
import { type MergePlan, planMerge } from "./plan-merge.ts";
import { loadFrom, recordedTemplates, treeReader } from "./recorded-templates.ts";
import {
  asRecorded,
  type FileMap,
  hasHistory,
  projectOf,
  readerOf,
  renderHistory,
  withPlan,
} from "./render-history.ts";

export interface AddModelMerge {
  /** add-model's plan with its files as merged into the project's (what executePlan writes). */
  plan: AddModelPlan;
  merge: MergePlan;
}

/**
 * add-model as a three-way merge: the run is planned against the project as the generator wrote it (its history
 * replayed in memory from the recorded templates), and what it changes there is merged into the files on disk, so
 * that the project's own edits stay (conflict markers only where the run changes the lines an edit changed). A
 * project from before the history was recorded is planned against its disk, its models' files as add-model renders
 * them taken as the base.
 */
export async function planAddModelMerge(project: Project, request: AddModelRequest, at: Date): Promise<AddModelMerge> {
  // A bad request is refused before the history is rendered (formatting it loads Biome's WebAssembly).
  checkRequest(project, request);
  const { root } = project;
  const notices: string[] = [];
  const templates = await recordedTemplates(project.manifest, root, false).catch(async (error) => {
    // The project's release of this scaffold's own templates cannot be fetched (offline): this scaffold's templates
    // stand in. Both sides of the merge are rendered from them, so the run's changes are still all that is merged;
    // where they differ from the project's release, the project's files are taken as edits and kept.
    if (!(error instanceof ScaffoldError) || project.manifest.templateSource || project.manifest.templateRef)
      throw error;
    notices.push(
      `${error.message.replace(/\.$/, "")}; this scaffold's own templates (${pkg.version}) are used for the run instead.`,
    );
    return loadFrom({ source: null, ref: null, offline: true }, root);
  });
  const read = treeReader(templates.tree);
  const ours = projectFile(root);
  let base: FileMap;
  let generated: AddModelPlan;
  if (hasHistory(project.manifest)) {
    base = renderHistory(project.manifest, root, asRecorded(project.manifest, templates.tree));
    const rendered = projectOf(base, root);
    generated = planAddModel(rendered, request, readerOf(base), at, read);
    // The in-place edits (a module registered, a README section added) are made to the project's own files, as they
    // are: a list or README the user edited gets the same insert rather than a line-wise conflict.
    const onDisk = generated.inPlace.filter((path) => ours(path) !== undefined);
    const inPlace = (path: string) => (onDisk.includes(path) ? ours(path) : base.get(path)?.contents);
    try {
      generated = planAddModel(rendered, request, inPlace, at, read);
      base = new Map(base);
      for (const path of onDisk)
        base.set(path, { contents: ours(path) as string, mode: base.get(path)?.mode ?? 0o644 });
    } catch (error) {
      // An edit the insert cannot follow (the list is no array literal any more): merged line-wise instead.
      if (!(error instanceof ManualEditError)) throw error;
    }
  } else {
    generated = planAddModel(project, request, ours, at, read);
    const rendered = modelFiles(project, read, ours("biome.json"));
    base = new Map(
      generated.change.map(({ path, before }) => [path, { contents: rendered.get(path) ?? before, mode: 0o644 }]),
    );
  }
  const merge = await planMerge(base, withPlan(base, generated), ours, {
    base: "as generated",
    theirs: `add-model ${request.name}`,
  });
  const written = merge.entries.filter((entry) => entry.contents !== undefined);
  const plan: AddModelPlan = {
    ...generated,
    notices: [...notices, ...generated.notices],
    create: written
      .filter((entry) => entry.outcome === "added")
      .map(({ path, contents }) => ({ path, contents: contents as string })),
    change: written
      .filter((entry) => entry.outcome !== "added")
      .map(({ path, contents }) => ({ path, before: ours(path) ?? "", after: contents as string })),
  };
  return { plan, merge };
}
