/**
 * No file of a generated project names a file the project does not have: every path under the project's own
 * folders (`src/…`, `test/…`, `docs/…`, `deployments/…`, `scripts/…`) that a comment, README or config mentions
 * exists in that project. Checked for every combination the CLI accepts, planned in memory as the CLI plans it.
 */
import { expect, test } from "bun:test";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../../src/generate/choices.ts";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { checkAvailable, type GenerateOptions, resolveOptions } from "../../src/generate/options.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";

const tree = await loadTemplateDir(repositoryTemplates());

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

// A path into one of the project's folders, ending in a file name with an extension.
const REFERENCE =
  /(?<![\w./-])(?:\.\/)?((?:src|test|docs|deployments|scripts)\/[\w.-]+(?:\/[\w.-]+)*\.[a-z]+)(?![\w/-])/g;

test.each(combinations.map((options) => [`${options.template} ${options.database} ${options.observability}`, options]))(
  "%s: every file a project's text names is in the project",
  (_, options) => {
    const planned = planProject(tree, { ...(options as GenerateOptions), cliVersion: "0.0.0" });
    const paths = new Set(planned.map(({ path }) => path));
    const references = planned.flatMap(({ path, contents }) =>
      [...contents.matchAll(REFERENCE)].map(([, reference = ""]) => ({ path, reference })),
    );
    expect(references.length).toBeGreaterThan(20);
    const missing = references
      .filter(({ reference }) => !paths.has(reference))
      .map(({ path, reference }) => `${path} names ${reference}`);
    expect([...new Set(missing)]).toEqual([]);
  },
);
