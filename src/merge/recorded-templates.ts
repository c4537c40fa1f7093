import pkg from "../../package.json" with { type: "json" };
import type { ReadTemplate } from "../add-model/render/resource.ts";
import { cacheRoot, templateSource } from "../generate/environment.ts";
import { ScaffoldError } from "../generate/errors.ts";
import { type LoadedTemplates, loadTemplates } from "../generate/template-source.ts";
import type { TemplateTree } from "../generate/template-tree.ts";

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/** Where templates come from: `--template-source` / `--template-ref`, or both null for the CLI's own. */
export interface TemplateOrigin {
  source: string | null;
  ref: string | null;
  offline: boolean;
}

/** Loads templates from `origin`; a relative local source is taken from `root` (scaffold.json records it so). */
export function loadFrom(origin: TemplateOrigin, root: string): Promise<LoadedTemplates> {
  const fromSource = origin.ref !== null || origin.source !== null;
  return loadTemplates({
    ref: origin.ref,
    source: fromSource ? templateSource(origin.source) : null,
    offline: origin.offline,
    cacheDir: cacheRoot(),
    cliVersion: pkg.version,
    cwd: root,
  });
}

/**
 * The templates a project was generated with, as its `scaffold.json` (`record`) names them: its recorded source and
 * ref, or, for the CLI's own templates of another release, that release's tag from the default source (cached,
 * `offline` honoured). Refuses templates of another version than the recorded one: the replay would not be the
 * project's history.
 */
export async function recordedTemplates(
  record: Record<string, unknown>,
  root: string,
  offline: boolean,
): Promise<LoadedTemplates> {
  const version = text(record.templateVersion);
  let origin: TemplateOrigin = { source: text(record.templateSource), ref: text(record.templateRef), offline };
  if (origin.source === null && origin.ref === null && version !== null && version !== pkg.version) {
    origin = { ...origin, ref: `v${version}` };
  }
  const templates = await loadFrom(origin, root);
  if (templates.tree.manifest.version !== version) {
    throw new ScaffoldError(
      `scaffold.json records templates ${version ?? "(none)"}, and ${templates.origin} holds ${templates.tree.manifest.version}: the project's history cannot be rendered from them. Restore the recorded template source (or templateRef) in scaffold.json.`,
    );
  }
  return templates;
}

/** Reads a file of a template tree (a sample, a snippet), failing clearly when the tree lacks it. */
export const treeReader =
  (tree: TemplateTree): ReadTemplate =>
  (path) => {
    const file = tree.files[path];
    if (file === undefined) throw new ScaffoldError(`The templates ${tree.manifest.version} have no ${path}.`);
    return file.contents;
  };
