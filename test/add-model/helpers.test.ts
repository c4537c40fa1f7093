/**
 * The helpers add-model adds on first need (templates/snippets/, full-<db>'s references.ts) type-check where they land:
 * every one of them spliced into each database layer's dialect.ts, compiled with the generated projects' compiler
 * options. And a second splice adds nothing.
 */
import { afterAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDeclarations } from "../../src/add-model/declarations.ts";
import { helperChanges } from "../../src/add-model/helpers.ts";
import { repoRoot } from "../support/generated-project.ts";

const scratch = mkdtempSync(join(tmpdir(), "scaffold-helpers-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const template = (path: string) => readFileSync(join(repoRoot, "templates", path), "utf8");
const DATABASE = "src/platform/database";
const tsconfig = JSON.parse(template("layers/base/tsconfig.json"));

/** Every name a helper file of the templates declares (what add-model may be asked to add). */
const declaredIn = (code: string) =>
  [...code.matchAll(/^export (?:async )?(?:const|function|type) (\w+)|^export \{ (\w+) \}/gm)].map(
    (match) => (match[1] ?? match[2]) as string,
  );

for (const database of ["postgres", "mysql", "sqlite"] as const) {
  test(`${database}: every helper, added to the layer's files, type-checks`, () => {
    const dir = join(scratch, database);
    mkdirSync(join(dir, DATABASE), { recursive: true });
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"));
    const files: Record<string, string> = {
      "dialect.ts": template(`layers/db-${database}/${DATABASE}/dialect.ts`),
    };
    const sources = {
      "dialect.ts": template(`snippets/${database}/dialect-helpers.ts`),
    };
    for (const [file, source] of Object.entries(sources)) {
      const target = files[file] as string;
      files[file] = addDeclarations(target, source, declaredIn(source), `./${file}`);
      expect(files[file]).not.toBe(target);
      expect(addDeclarations(files[file], source, declaredIn(source), `./${file}`)).toBe(files[file]);
    }
    files["references.ts"] = template(`layers/full-${database}/${DATABASE}/references.ts`);
    // The files of its own folder the dialect imports (PostgreSQL's timestamptz column).
    for (const [, sibling] of (files["dialect.ts"] as string).matchAll(/from "\.\/([\w-]+\.ts)"/g)) {
      files[sibling as string] ??= template(`layers/db-${database}/${DATABASE}/${sibling}`);
    }
    for (const [file, code] of Object.entries(files)) writeFileSync(join(dir, DATABASE, file), code);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { ...tsconfig.compilerOptions, types: ["node"] }, include: ["src"] }),
    );
    const tsc = spawnSync(join(repoRoot, "node_modules/.bin/tsc"), ["-p", dir], { encoding: "utf8" });
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  });
}

test("a model's first float field adds doubleColumn to the project's dialect; a second adds nothing", () => {
  const dialect = template(`layers/db-postgres/${DATABASE}/dialect.ts`);
  const table = 'import { doubleColumn, table } from "../platform/database/dialect.ts";\n';
  const [first] = helperChanges([table], "postgres", () => dialect);
  expect(first?.path).toBe(`${DATABASE}/dialect.ts`);
  expect(first?.after).toContain("export const doubleColumn = (name: string) => doublePrecision(name);");
  expect(first?.after).toMatch(/import \{[^}]*\bdoublePrecision\b[^}]*\} from "drizzle-orm\/pg-core";/);
  expect(first?.after).not.toContain("booleanColumn");
  expect(helperChanges([table], "postgres", () => first?.after)).toEqual([]);
});
