import { copyFile, cp, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { run } from "./run.ts";

/** The Swagger UI files the reference UI serves (src/crud/ui/index.ts), with their licence. */
export const SWAGGER_UI_FILES = [
  "swagger-ui.css",
  "swagger-ui-bundle.js",
  "swagger-ui-bundle.js.LICENSE.txt",
  "favicon-32x32.png",
  "LICENSE",
  "NOTICE",
] as const;

/**
 * Compiler options of the published build: the repository's tsconfig.json minus what only a type-check of the whole
 * repository needs (Bun's types, `noEmit`), plus declarations with maps back to the shipped sources.
 */
const compilerOptions = {
  target: "ES2023",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  lib: ["ES2023", "DOM", "DOM.Iterable"],
  types: ["node"],
  strict: true,
  noUncheckedIndexedAccess: true,
  verbatimModuleSyntax: true,
  erasableSyntaxOnly: true,
  rewriteRelativeImportExtensions: true,
  skipLibCheck: true,
  declaration: true,
  declarationMap: true,
  rootDir: "src",
  outDir: "dist",
};

/**
 * Stages @scaffold-dev/crud in `dir` (inside the repository, so the compiler finds its node_modules): src/crud's
 * sources in src/, their compiled ESM and declarations in dist/ (TypeScript 7 emits both; `.ts` import paths become
 * `.js`), and the vendored Swagger UI files in swagger-ui/, so installing the package runs no telemetry script.
 */
export async function stageCrud(root: string, dir: string): Promise<void> {
  await cp(join(root, "src/crud"), join(dir, "src"), {
    recursive: true,
    filter: (source) => !source.endsWith(".md"),
  });
  await writeFile(join(dir, "tsconfig.json"), `${JSON.stringify({ compilerOptions, include: ["src"] }, null, 2)}\n`);
  await run([join(root, "node_modules/.bin/tsc"), "-p", dir], root);
  // Plain JavaScript the UI page loads as is: the compiler leaves it out.
  await copyFile(join(dir, "src/ui/init.js"), join(dir, "dist/ui/init.js"));
  await mkdir(join(dir, "swagger-ui"));
  for (const file of SWAGGER_UI_FILES) {
    const target = join(dir, "swagger-ui", file);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(root, "node_modules/swagger-ui-dist", file), target);
  }
}
