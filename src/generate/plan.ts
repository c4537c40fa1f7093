import { SAMPLE_DIR } from "../add-model/render/resource.ts";
import { templateUserFiles } from "../add-model/render/template-users.ts";
import { projectFormatter } from "./biome-format.ts";
import { mergeEnv } from "./merge-env.ts";
import { mergeJson } from "./merge-json.ts";
import { mergeMarkdown } from "./merge-markdown.ts";
import { moduleListPlaceholders } from "./module-list.ts";
import type { Database, Observability, TemplateFile, TemplateName, TemplateTree } from "./template-tree.ts";

export interface ProjectOptions {
  projectName: string;
  template: TemplateName;
  database: Database;
  observability: Observability;
  /** The `--template-ref` the templates came from, or null for the templates embedded in the CLI. */
  templateRef: string | null;
  /** Where `--template-ref` (or a local templates folder) came from; null or absent for the embedded templates. */
  templateSource?: string | null;
  cliVersion: string;
}

export interface PlannedFile extends TemplateFile {
  /** Path relative to the project root, always with `/` separators. */
  path: string;
  /**
   * The layers the file comes from: one, or for a merged file every layer that contributed, in layer order; empty
   * for `scaffold.json`, which the CLI writes itself.
   */
  layers: string[];
}

interface LayeredFile extends TemplateFile {
  layers: string[];
}

/** Placeholders are `__NAME__` tokens, which never collide with `${{ }}` (Actions) or `{{ }}` (Grafana, Helm). */
function placeholders(options: ProjectOptions): Record<string, string> {
  return { __PROJECT_NAME__: options.projectName };
}

const PLACEHOLDER = /__[A-Z][A-Z_]*[A-Z]__/g;

function substitute(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (token) => values[token] ?? token);
}

/** Files that several layers contribute to: a later layer's fragment is merged into what the earlier ones gave. */
const MERGED = new Map<string, (earlier: string, later: string) => string>([
  ["package.json", mergeJson],
  [".env.example", mergeEnv],
  ["README.md", mergeMarkdown],
]);
const mergerFor = (path: string) => MERGED.get(path.slice(path.lastIndexOf("/") + 1));

/** Whether several layers may hold `path`, each a fragment merged into the file (every other file comes from one). */
export const isMergedFile = (path: string): boolean => mergerFor(path) !== undefined;

export function selectLayers(tree: TemplateTree, options: ProjectOptions): string[] {
  const chosen = { template: options.template, database: options.database, observability: options.observability };
  return tree.manifest.layers
    .filter(({ when }) =>
      Object.entries(when).every(([key, values]) => (values as string[]).includes(chosen[key as keyof typeof chosen])),
    )
    .map(({ dir }) => dir);
}

/**
 * The template's users, rendered from the tree's sample resource. A tree whose layers bring the users themselves
 * (`--template-ref` of an older series: full's users were layer files up to 0.3.0) or that has no sample keeps them.
 */
function renderedUsers(tree: TemplateTree, options: ProjectOptions): Array<[string, LayeredFile]> {
  const { template, database } = options;
  const layered = selectLayers(tree, options).some((layer) => `layers/${layer}/src/users/user.ts` in tree.files);
  if (layered || !Object.keys(tree.files).some((path) => path.startsWith(`${SAMPLE_DIR}/`))) return [];
  const read = (path: string) => {
    const file = tree.files[path];
    if (!file)
      throw new Error(`The templates have no ${path}: the users of the ${template} template are rendered from it.`);
    return file.contents;
  };
  return templateUserFiles([], { template, database }, read).map(({ path, contents }) => [
    path,
    { contents, mode: 0o644, layers: [SAMPLE_DIR] },
  ]);
}

/** Pure: options + template tree -> the files of the project, sorted by path, each as the project's Biome lays it out. */
export function planProject(tree: TemplateTree, options: ProjectOptions): PlannedFile[] {
  const files = new Map<string, LayeredFile>(renderedUsers(tree, options));
  const sources = Object.entries(tree.files);
  for (const layer of selectLayers(tree, options)) {
    const prefix = `layers/${layer}/`;
    for (const [source, file] of sources) {
      if (!source.startsWith(prefix)) continue;
      const path = source.slice(prefix.length);
      const earlier = files.get(path);
      const merge = mergerFor(path);
      if (earlier && merge) {
        const contents = merge(earlier.contents, file.contents);
        files.set(path, { contents, mode: file.mode, layers: [...earlier.layers, layer] });
      } else {
        files.set(path, { ...file, layers: [layer] });
      }
    }
  }
  const values = { ...placeholders(options), ...moduleListPlaceholders(files.keys()) };
  const biomeJson = files.get("biome.json");
  const format = projectFormatter(biomeJson && substitute(biomeJson.contents, values));
  const planned: PlannedFile[] = [...files].map(([path, { layers, ...file }]) => {
    const contents = substitute(file.contents, values);
    // A layer's file as it is in the templates is already as Biome leaves it (the generated projects' lint checks
    // it); what the generator composes is formatted: the rendered users, merged files, a placeholder's value.
    const composed = layers.length > 1 || layers[0] === SAMPLE_DIR || contents !== file.contents;
    return { path, mode: file.mode, contents: composed ? format(path, contents) : contents, layers };
  });
  planned.push({
    path: "scaffold.json",
    mode: 0o644,
    layers: [],
    contents: `${JSON.stringify(
      {
        name: options.projectName,
        template: options.template,
        database: options.database,
        observability: options.observability,
        templateRef: options.templateRef,
        // Only when given: the embedded templates (the common case) need none to be generated again.
        ...(options.templateSource ? { templateSource: options.templateSource } : {}),
        templateVersion: tree.manifest.version,
        cliVersion: options.cliVersion,
      },
      null,
      2,
    )}\n`,
  });
  return planned.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
