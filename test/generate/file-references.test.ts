/**
 * No file of a generated project names a file the project does not have: every path under the project's own
 * folders (`src/…`, `test/…`, `docs/…`, `deployments/…`, `scripts/…`) that a comment, README or config mentions
 * exists in that project. Checked for every combination the CLI accepts, planned in memory as the CLI plans it.
 */
import { expect, test } from "bun:test";
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import type { GenerateOptions } from "../../src/generate/options.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { acceptedCombinations } from "../support/template-combinations.ts";

const tree = await loadTemplateDir(repositoryTemplates());

const combinations = acceptedCombinations(tree);

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
