import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";

/**
 * The layering rules of src/, checked over the imports (tests may import anything):
 * - src/platform/ (what every resource shares) imports nothing outside src/platform/;
 * - no resource imports the composition root (main.ts, app.ts, modules.ts, container.ts, apidocs.ts);
 * - services, ports and the domain they import (their whole import closure) import neither Hono nor Drizzle nor a
 *   database driver: adapters depend on them, never the other way round.
 */
const COMPOSITION_ROOT = ["src/main.ts", "src/app.ts", "src/modules.ts", "src/container.ts", "src/apidocs.ts"];
const FRAMEWORKS = /^(hono|@hono\/|drizzle-orm|drizzle-kit|postgres$|mysql2|@electric-sql\/|graphql|graphql-yoga)/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']/g;

/** Each file's imports: relative ones resolved to project paths (`src/…`), packages as written. */
function importsOf(path: string, source: string): string[] {
  return [...source.matchAll(IMPORT)].map(([, spec = ""]) =>
    spec.startsWith(".") ? normalize(join(dirname(path), spec)) : spec,
  );
}

function layeringViolations(files: Map<string, string>): string[] {
  const code = [...files.keys()].filter((path) => !path.endsWith(".test.ts"));
  const imports = new Map(code.map((path) => [path, importsOf(path, files.get(path) ?? "")]));
  const violations: string[] = [];
  for (const [path, targets] of imports) {
    for (const target of targets) {
      if (path.startsWith("src/platform/") && target.startsWith("src/") && !target.startsWith("src/platform/"))
        violations.push(`${path} imports ${target}: the platform imports no resource`);
      if (/^src\/[^/]+\//.test(path) && COMPOSITION_ROOT.includes(target))
        violations.push(`${path} imports ${target}: only the composition root imports it`);
    }
  }
  const core = code.filter((path) => /\.(service|port)\.ts$/.test(path));
  const seen = new Set<string>();
  const visit = (path: string, from: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const target of imports.get(path) ?? []) {
      if (FRAMEWORKS.test(target)) violations.push(`${path} (imported by ${from}) imports ${target}`);
      else if (target.startsWith("src/")) visit(target, from);
    }
  };
  for (const path of core) visit(path, path);
  return violations;
}

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });

describe("layering of src/", () => {
  test("holds for this project", () => {
    const root = join(import.meta.dir, "..");
    const files = new Map(sources(join(root, "src")).map((file) => [relative(root, file), readFileSync(file, "utf8")]));
    expect(files.size).toBeGreaterThan(10);
    expect(layeringViolations(files)).toEqual([]);
  });

  test("names each broken rule", () => {
    const files = new Map([
      ["src/platform/logger.ts", 'import { User } from "../users/user.ts";'],
      ["src/users/user.ts", 'import { sql } from "drizzle-orm";'],
      ["src/users/user.service.ts", 'import type { User } from "./user.ts";\nimport { app } from "../app.ts";'],
      ["src/users/users.repository.ts", 'import { sql } from "drizzle-orm";\nimport type { User } from "./user.ts";'],
      ["src/users/user.service.test.ts", 'import { app } from "../app.ts";'],
    ]);
    expect(layeringViolations(files)).toEqual([
      "src/platform/logger.ts imports src/users/user.ts: the platform imports no resource",
      "src/users/user.service.ts imports src/app.ts: only the composition root imports it",
      "src/users/user.ts (imported by src/users/user.service.ts) imports drizzle-orm",
    ]);
  });
});
