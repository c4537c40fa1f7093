/**
 * The layer contract of the repository's templates (templates/README.md): no two layers that apply together hold the
 * same file, except the files merged from fragments, so no layer is applied only to be overwritten. Checked for
 * every template × database × observability combination the CLI accepts.
 */
import { expect, test } from "bun:test";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../../src/generate/choices.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { checkAvailable, type GenerateOptions, resolveOptions } from "../../src/generate/options.ts";
import { selectLayers } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";

const tree = await loadTemplateDir(repositoryTemplates());
const MERGED_FILES = new Set(["package.json", ".env.example", "README.md"]);

const combinations = TEMPLATE_NAMES.flatMap((template) =>
  DATABASES.flatMap((database) =>
    OBSERVABILITY_LEVELS.flatMap((observability): GenerateOptions[] => {
      try {
        const options = resolveOptions({ name: "probe-service", template, database, observability });
        checkAvailable(tree.manifest, options);
        return [options];
      } catch {
        return [];
      }
    }),
  ),
);

/** Every path held by more than one of the combination's layers, with those layers. */
function overlaps(options: GenerateOptions): string[] {
  const holders = new Map<string, string[]>();
  for (const layer of selectLayers(tree, { ...options, cliVersion: "0.0.0" })) {
    const prefix = `layers/${layer}/`;
    for (const source of Object.keys(tree.files)) {
      if (!source.startsWith(prefix)) continue;
      const path = source.slice(prefix.length);
      holders.set(path, [...(holders.get(path) ?? []), layer]);
    }
  }
  return [...holders]
    .filter(([path, layers]) => layers.length > 1 && !MERGED_FILES.has(path))
    .map(([path, layers]) => `${path} <- ${layers.join(", ")}`);
}

test("the CLI accepts combinations of every template (the check below is not vacuous)", () => {
  expect(new Set(combinations.map(({ template }) => template))).toEqual(new Set(TEMPLATE_NAMES));
});

test.each(combinations.map((options) => [`${options.template} ${options.database} ${options.observability}`, options]))(
  "%s: every file comes from one layer, or is merged from fragments",
  (_, options) => {
    expect(overlaps(options as GenerateOptions)).toEqual([]);
  },
);
