import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { stringifyJson } from "./json.ts";

export const sha256 = (text: string | Buffer): string => createHash("sha256").update(text).digest("hex");

/**
 * Formats the written files with the project's own Biome when it is installed (`biome check --write`: format and
 * import order, as `npm run lint:fix` would): the sample resource is laid out for typical names, and Biome breaks the
 * lines a long name makes too long. It also keeps a project whose Biome settings were changed consistent. Answers Biome's complaints (empty when none, or when not installed).
 */
export async function formatWithBiome(root: string, paths: string[], signal: AbortSignal): Promise<string> {
  const bin = join(root, "node_modules", ".bin", "biome");
  if (!existsSync(bin) || paths.length === 0) return "";
  const output: string[] = [];
  const code = await new Promise<number>((resolve, reject) => {
    const child = spawn(bin, ["check", "--write", "--no-errors-on-unmatched", ...paths], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      signal,
    });
    child.stdout.on("data", (chunk) => output.push(String(chunk)));
    child.stderr.on("data", (chunk) => output.push(String(chunk)));
    child.on("error", reject);
    child.on("close", (status) => resolve(status ?? 1));
  });
  return code === 0 ? "" : output.join("").trim();
}

/** `generatedFiles` of scaffold.json: each file add-model wrote, by its hash, so a later run sees hand edits. */
export async function recordHashes(root: string, paths: string[]): Promise<void> {
  const manifestPath = join(root, "scaffold.json");
  const manifest = JSON.parse(await readFile(manifestPath, "utf8")) as { generatedFiles?: Record<string, string> };
  const hashes: Record<string, string> = { ...manifest.generatedFiles };
  for (const path of paths) hashes[path] = sha256(await readFile(join(root, path)));
  const sorted = Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFile(manifestPath, `${stringifyJson({ ...manifest, generatedFiles: sorted })}\n`);
}
