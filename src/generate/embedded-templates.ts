import { fileURLToPath } from "node:url";
import { loadTemplateDir } from "./load-template-dir.ts";
import type { TemplateTree } from "./template-tree.ts";

declare global {
  /** Set by the compiled binary's build entry (src/build/build-entry.ts) before the CLI is imported. */
  var __SCAFFOLD_TEMPLATES__: TemplateTree | undefined;
}

/** The templates that ship with this CLI: embedded in the binary, or the repository's `templates/` from source. */
export async function loadEmbeddedTemplates(): Promise<TemplateTree> {
  return (
    globalThis.__SCAFFOLD_TEMPLATES__ ?? loadTemplateDir(fileURLToPath(new URL("../../templates", import.meta.url)))
  );
}
