import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../../src/generate/choices.ts";
import { checkAvailable, type GenerateOptions, resolveOptions } from "../../src/generate/options.ts";
import type { TemplateTree } from "../../src/generate/template-tree.ts";

/**
 * Every template × database × observability combination the CLI goes on with for `tree`, as it resolves them (a
 * refused one, e.g. -o without the full template, is left out).
 */
export function acceptedCombinations(tree: TemplateTree): GenerateOptions[] {
  return TEMPLATE_NAMES.flatMap((template) =>
    DATABASES.flatMap((database) =>
      OBSERVABILITY_LEVELS.flatMap((observability) => {
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
}
