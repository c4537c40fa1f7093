import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { ScaffoldError } from "./errors.ts";
import { parseManifest } from "./manifest-schema.ts";
import { MANIFEST_FILE, type TemplateFile, type TemplateTree } from "./template-tree.ts";

/** Reads a `templates/` folder from disk (the repository's own, a giget download, or a local source). */
export async function loadTemplateDir(root: string): Promise<TemplateTree> {
  const files: Record<string, TemplateFile> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const key = relative(root, full).split(sep).join("/");
    const info = await stat(full);
    files[key] = { contents: await readFile(full, "utf8"), mode: info.mode & 0o777 };
  }
  const manifestFile = files[MANIFEST_FILE];
  if (!manifestFile) {
    throw new ScaffoldError(
      `${root} has no ${MANIFEST_FILE}: point the template source at a scaffold templates folder.`,
    );
  }
  const manifest = parseManifest(JSON.parse(manifestFile.contents), root);
  return { manifest, files };
}
