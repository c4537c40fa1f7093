/**
 * The layer contract of the repository's templates (templates/README.md): no two layers that apply together hold the
 * same file, except the files merged from fragments, so no layer is applied only to be overwritten. Checked for
 * every template × database × observability combination the CLI accepts.
 */
import { expect, test } from "bun:test";
import { TEMPLATE_NAMES } from "../../src/generate/choices.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import type { GenerateOptions } from "../../src/generate/options.ts";
import { isMergedFile, selectLayers } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { acceptedCombinations } from "../support/template-combinations.ts";

const tree = await loadTemplateDir(repositoryTemplates());

const combinations = acceptedCombinations(tree);

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
    .filter(([path, layers]) => layers.length > 1 && !isMergedFile(path))
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
