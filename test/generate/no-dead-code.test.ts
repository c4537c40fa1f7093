/**
 * A fresh project carries no code without a caller (#30): knip finds no unused file or export in a project of each
 * template (SQLite; full also with `-o advanced`), planned from the repository's templates and written to a scratch
 * folder. The project's tests count as callers of what they import; what only a test needs is not in `src/`.
 */
import { afterAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { loadTemplateDir } from "../../src/generate/load-template-dir.ts";
import { resolveOptions } from "../../src/generate/options.ts";
import { planProject } from "../../src/generate/plan.ts";
import { repositoryTemplates } from "../../src/generate/template-source.ts";

const tree = await loadTemplateDir(repositoryTemplates());
const knip = join(dirname(repositoryTemplates()), "node_modules", ".bin", "knip");
const scratch = mkdtempSync(join(tmpdir(), "scaffold-dead-code-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Exports whose callers are in another layer: `file: name` -> who calls it.
const ALLOWED: Record<string, string> = {
  // Registered by the tracing module of `-o advanced`; the database layers call wrappedDatabaseClient() always.
  "src/platform/database/database-client.ts: wrapDatabaseClients": "observability-advanced",
  // rest's body helper, used in its own file and by full's sign-in routes.
  "src/platform/http/resource-routes.ts: jsonBody": "full",
  // rest's answers of every route with a body, used in its own file and by full's sign-in routes.
  "src/platform/http/resource-routes.ts: bodyErrors": "full",
  // base's error codes, which rest's OpenAPI error schema enumerates.
  "src/platform/http/envelope.ts: errorCodes": "rest",
  // base's whole-number setting, used in its own file and by full's auth and advanced's metrics settings.
  "src/platform/config.ts: envInteger": "full, observability-advanced",
  // base's rules for stored values, used by the schemas of the models add-model adds: storedTime by a model's time
  // field in every template; in full, whose users have an e-mail only, the whole file waits for a text or time field.
  "src/platform/stored-values.ts": "add-model",
  "src/platform/stored-values.ts: storedTime": "add-model",
  // graphql's input checks, used in their own file (validId) and by the resolvers of the models add-model adds.
  "src/graphql/inputs.ts: valid": "add-model",
  "src/graphql/inputs.ts: positiveId": "add-model",
  // What the tables and repositories of the models add-model adds use, shipped with every project so that a new model
  // changes only src/modules.ts, its own folder and the test-adapter list.
  "src/platform/database/dialect.ts: integerColumn": "add-model",
  "src/platform/database/dialect.ts: doubleColumn": "add-model",
  "src/platform/database/dialect.ts: booleanColumn": "add-model",
  "src/platform/database/dialect.ts: check": "add-model",
  "src/platform/database/dialect.ts: atomic": "add-model",
  "src/platform/database/dialect.ts: lockLive": "add-model",
  // The reference column and index of a model with --belongs-to (full's own tables use them too).
  "src/platform/database/references.ts": "add-model",
  // The per-request batching of the resolvers of the models add-model adds (graphql).
  "src/graphql/batch-loader.ts": "add-model",
};

/** knip's findings in a project of these options, as `file` (unused file) or `file: export`. */
function unused(args: { template: string; observability?: string }): string[] {
  const options = resolveOptions({ name: "probe-service", database: "sqlite", observability: "none", ...args });
  const root = join(scratch, `${options.template}-${options.observability}`);
  for (const file of planProject(tree, { ...options, cliVersion: pkg.version })) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.contents);
  }
  // The `apidocs` and `db:migrate` npm scripts run their entries through scripts/run-ts.mjs, which knip does not follow.
  writeFileSync(join(root, "knip.json"), JSON.stringify({ entry: ["src/apidocs.ts", "src/migrate.ts"] }));
  const run = spawnSync(knip, ["--include", "exports,files", "--reporter", "json", "--no-progress"], {
    cwd: root,
    encoding: "utf8",
  });
  if (!run.stdout.startsWith("{")) throw new Error(`knip failed (${run.status}): ${run.stderr}${run.stdout}`);
  const { issues } = JSON.parse(run.stdout) as {
    issues: Array<{ file: string; files: unknown[]; exports: Array<{ name: string }> }>;
  };
  return issues
    .flatMap(({ file, files, exports }) => [
      ...(files.length > 0 ? [file] : []),
      ...exports.map(({ name }) => `${file}: ${name}`),
    ])
    .filter((finding) => !(finding in ALLOWED))
    .sort();
}

test.each([
  ["full", "none"],
  ["full", "advanced"],
  ["minimal", "none"],
  ["graphql", "none"],
])("%s (observability %s): no file or export without a caller", (template, observability) => {
  expect(unused({ template, observability })).toEqual([]);
});

test("the check is not vacuous: knip reports an export nobody imports", () => {
  const root = join(scratch, "probe");
  mkdirSync(join(root, "src"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "probe", type: "module", main: "src/main.ts" }));
  writeFileSync(join(root, "src/main.ts"), 'import { used } from "./lib.ts";\nused();\n');
  writeFileSync(join(root, "src/lib.ts"), "export const used = () => 1;\nexport const idle = () => 2;\n");
  const run = spawnSync(knip, ["--include", "exports", "--reporter", "json", "--no-progress"], {
    cwd: root,
    encoding: "utf8",
  });
  expect(JSON.parse(run.stdout).issues).toEqual([
    expect.objectContaining({ file: "src/lib.ts", exports: [expect.objectContaining({ name: "idle" })] }),
  ]);
});
