/**
 * No generated file keeps a placeholder, in any spelling: the renderer's `__NAME__` token, or what a Markdown
 * formatter makes of it (biome rewrites `__NAME__` as bold `**NAME**`; an escaping editor writes `\_\_NAME\_\_`).
 * Every template × database × observability combination the CLI accepts is planned in memory from the repository's
 * templates, as the CLI plans it before writing.
 */
import { describe, expect, test } from "bun:test";
import { dirname } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";
import { acceptedCombinations } from "../support/template-combinations.ts";

const tree = await loadTemplateDir(repositoryTemplates());
const repositoryRoot = dirname(repositoryTemplates());

const combinations = acceptedCombinations(tree);

// The names the templates use as placeholders (`__PROJECT_NAME__`, `__MODULE_LIST__`, …), in any spelling.
const placeholderName = /(?:__|\*\*|\\_\\_)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:__|\*\*|\\_\\_)/g;
const names = new Set(
  Object.entries(tree.files)
    .filter(([path]) => path.startsWith("layers/"))
    .flatMap(([, file]) => [...file.contents.matchAll(placeholderName)].map((m) => m[1] as string)),
);

// The renderer's token form, whatever the name (src/generate/plan.ts).
const token = /__[A-Z][A-Z0-9_]*__/g;

/** Every spelling of a placeholder in `text`: the token, bold, or escaped (`__X__`, `**X**`, `\_\_X\_\_`, mixed). */
const leftovers = (text: string): string[] => [
  ...new Set([...text.matchAll(token), ...text.matchAll(placeholderName)].map((m) => m[0])),
  ...[...names].filter((name) => text.includes(name)).map((name) => `${name} (bare)`),
];

describe("generated files hold no placeholder", () => {
  test("the combinations are those the CLI accepts: observability levels with full only", () => {
    const keys = combinations.map((o) => `${o.template}/${o.database}/${o.observability}`);
    expect(keys).toContain("full/sqlite/advanced");
    expect(keys).toContain("minimal/mysql/none");
    expect(keys).toContain("graphql/postgres/none");
    expect(keys.filter((k) => !k.startsWith("full/")).every((k) => k.endsWith("/none"))).toBe(true);
    // 3 databases × (full at 3 observability levels, minimal, graphql)
    expect(keys).toHaveLength(15);
  });

  test("the placeholder names are found in the templates", () => {
    expect([...names].sort()).toEqual(expect.arrayContaining(["MODULE_IMPORTS", "MODULE_LIST", "PROJECT_NAME"]));
  });

  for (const options of combinations) {
    const label = `${options.template} × ${options.database} × observability ${options.observability}`;
    test(label, () => {
      const files = planProject(tree, { ...options, cliVersion: pkg.version });
      const found = files.flatMap((file) => leftovers(file.contents).map((spelling) => `${file.path}: ${spelling}`));
      expect(found).toEqual([]);
      expect(files.find((f) => f.path === "README.md")?.contents.split("\n", 1)[0]).toBe("# probe-service");
    });
  }
});

test("the repository's biome leaves the template READMEs alone (its Markdown formatter would bold `__NAME__`)", () => {
  const readmes = Object.keys(tree.files).filter((path) => /^layers\/[^/]+\/README\.md$/.test(path));
  expect(readmes.length).toBeGreaterThan(0);
  for (const path of readmes) {
    const contents = tree.files[path]?.contents ?? "";
    const formatted = Bun.spawnSync(
      [`${repositoryRoot}/node_modules/.bin/biome`, "format", `--stdin-file-path=templates/${path}`],
      { cwd: repositoryRoot, stdin: Buffer.from(contents) },
    );
    expect(formatted.stdout.toString()).toBe(contents);
  }
});
