import pkg from "../../package.json" with { type: "json" };
import { parseProject, projectFile, readManifest } from "../add-model/project.ts";
import type { Observability } from "../generate/choices.ts";
import { ScaffoldError, usageError } from "../generate/errors.ts";
import { recordedSource } from "../generate/generate-project.ts";
import { isLocalSource } from "../generate/template-source.ts";
import { type MergePlan, planMerge } from "./plan-merge.ts";
import { loadFrom, recordedTemplates } from "./recorded-templates.ts";
import { asRecorded, hasHistory, renderHistory } from "./render-history.ts";

export interface UpgradeRequest {
  /** `--to`: a ref of the template source; null for the CLI's own templates (or a local `--template-source`). */
  to: string | null;
  templateSource: string | null;
  /** `--observability`: the choice to change to; undefined keeps the recorded one. */
  observability: Observability | undefined;
  offline: boolean;
  cwd: string;
}

export interface UpgradePlan {
  root: string;
  name: string;
  from: { version: string; observability: Observability };
  to: { version: string; observability: Observability; origin: string };
  merge: MergePlan;
}

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b` (major.minor.patch; a pre-release before its release). */
export function compareVersions(a: string, b: string): number {
  const parse = (version: string) => {
    const [core = "", pre] = version.replace(/^v/, "").split("-", 2);
    return { parts: core.split(".").map((part) => Number.parseInt(part, 10) || 0), pre };
  };
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) {
    const diff = (x.parts[i] ?? 0) - (y.parts[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/**
 * What `scaffold upgrade` changes, computed without writing: the project as the generator wrote it (base: its
 * recorded release, choices and add-model runs, rendered in memory) and as the target release writes it (theirs: the
 * same choices, `observability` changed if asked, and runs), merged into the project's files.
 */
export async function planUpgrade(request: UpgradeRequest): Promise<UpgradePlan> {
  const { root, json } = readManifest(request.cwd, "scaffold upgrade");
  const project = parseProject(json, root);
  if (!hasHistory(json)) {
    throw new ScaffoldError(
      'scaffold.json does not record how the project was made (its "name" and an "addModelRuns" entry for each model in "models"; earlier releases did not record them), so there is no base to merge from: the project cannot be upgraded automatically.',
    );
  }
  const recordedObservability = (json.observability ?? "none") as Observability;
  const observability = request.observability ?? recordedObservability;
  if (observability !== recordedObservability && project.template !== "full") {
    throw usageError(
      `--observability applies to the full template; this project uses ${project.template}: drop --observability.`,
    );
  }
  const base = await recordedTemplates(json, root, request.offline);
  // `--to` alone fetches the ref from where the project's templates came from, when that is a remote source.
  const recorded = typeof json.templateSource === "string" ? json.templateSource : null;
  const remote = recorded !== null && !isLocalSource(recorded) ? recorded : null;
  const source = request.templateSource ?? (request.to !== null ? remote : null);
  const target = await loadFrom({ source, ref: request.to, offline: request.offline }, request.cwd);
  const from = base.tree.manifest.version;
  const to = target.tree.manifest.version;
  if (compareVersions(to, from) < 0) {
    throw usageError(
      `${target.origin} holds templates ${to}, older than the project's ${from}: upgrade goes forward only (git checkout undoes an upgrade).`,
    );
  }
  const available = target.tree.manifest.available;
  for (const [key, value] of [
    ["template", project.template],
    ["database", project.database],
    ["observability", observability],
  ] as const) {
    if (!(available[key] as readonly string[]).includes(value)) {
      throw new ScaffoldError(
        `Templates ${to} (${target.origin}) have no --${key} ${value}, which this project uses: choose a template source that has it.`,
      );
    }
  }
  const before = renderHistory(json, root, asRecorded(json, base.tree));
  const after = renderHistory(json, root, {
    tree: target.tree,
    templateRef: target.ref,
    templateSource: recordedSource(target.source, root),
    cliVersion: pkg.version,
    observability,
  });
  const merge = await planMerge(before, after, projectFile(root), {
    base: `templates ${from}`,
    theirs: `templates ${to}`,
  });
  return {
    root,
    name: String(json.name),
    from: { version: from, observability: recordedObservability },
    to: { version: to, observability, origin: target.origin },
    merge,
  };
}
