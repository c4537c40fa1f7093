import { mkdir, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { gitObject } from "../generate/git-pack.ts";
import { hasPlaceholder } from "../generate/plan.ts";
import type { TemplateTree } from "../generate/template-tree.ts";

/** The tree with the git blob hash of every file that is written as it is (see `TemplateFile.gitBlob`). */
export function withGitBlobs(tree: TemplateTree): TemplateTree {
  const files = Object.fromEntries(
    Object.entries(tree.files).map(([path, file]) => [
      path,
      hasPlaceholder(file.contents)
        ? file
        : { ...file, gitBlob: gitObject("blob", Buffer.from(file.contents)).hash.toString("hex") },
    ]),
  );
  return { ...tree, files };
}

/**
 * Writes the compiled binary's entry into `buildDir`: a module that puts the template tree on
 * `globalThis.__SCAFFOLD_TEMPLATES__` (read by `src/generate/template-source.ts`; its manifest is checked here, at build time), then the CLI itself.
 * Two modules, because ES imports are evaluated in order but hoisted above any statement of the importing module.
 * The tree is embedded as a JSON string literal: `JSON.parse` of a string starts faster than an object literal. It
 * carries the git blob hashes of its files, so the initial commit hashes only the few files with placeholders.
 */
export async function writeBuildEntry(buildDir: string, tree: TemplateTree, cliPath: string): Promise<string> {
  await mkdir(buildDir, { recursive: true });
  const json = JSON.stringify(JSON.stringify(withGitBlobs(tree)));
  await writeFile(join(buildDir, "templates.ts"), `globalThis.__SCAFFOLD_TEMPLATES__ = JSON.parse(${json});\n`);
  const cliImport = relative(buildDir, cliPath).split(sep).join("/");
  const entry = join(buildDir, "entry.ts");
  await writeFile(entry, `import "./templates.ts";\nimport "${cliImport.startsWith(".") ? "" : "./"}${cliImport}";\n`);
  return entry;
}
