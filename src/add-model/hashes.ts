import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringifyJson } from "./json.ts";

export const sha256 = (text: string | Buffer): string => createHash("sha256").update(text).digest("hex");

/** `generatedFiles` of scaffold.json: each file add-model wrote, by its hash, so a later run sees hand edits. */
export async function recordHashes(root: string, paths: string[]): Promise<void> {
  const manifestPath = join(root, "scaffold.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { generatedFiles?: Record<string, string> };
  const hashes: Record<string, string> = { ...manifest.generatedFiles };
  for (const path of paths) hashes[path] = sha256(await readFile(join(root, path)));
  const sorted = Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFile(manifestPath, `${stringifyJson({ ...manifest, generatedFiles: sorted })}\n`);
}
