import { mkdir, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { TemplateTree } from "../generate/template-tree.ts";

/**
 * Writes the compiled binary's entry into `buildDir`: a module that puts the template tree on
 * `globalThis.__SCAFFOLD_TEMPLATES__` (read by `src/generate/template-source.ts`; its manifest is checked here, at build time), then the CLI itself.
 * Two modules, because ES imports are evaluated in order but hoisted above any statement of the importing module.
 * The tree is embedded as a JSON string literal: `JSON.parse` of a string starts faster than an object literal.
 */
export async function writeBuildEntry(buildDir: string, tree: TemplateTree, cliPath: string): Promise<string> {
  await mkdir(buildDir, { recursive: true });
  const json = JSON.stringify(JSON.stringify(tree));
  await writeFile(join(buildDir, "templates.ts"), `globalThis.__SCAFFOLD_TEMPLATES__ = JSON.parse(${json});\n`);
  const cliImport = relative(buildDir, cliPath).split(sep).join("/");
  const entry = join(buildDir, "entry.ts");
  await writeFile(entry, `import "./templates.ts";\nimport "${cliImport.startsWith(".") ? "" : "./"}${cliImport}";\n`);
  return entry;
}
