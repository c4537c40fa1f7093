import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { repoRoot } from "../cli/run-cli.ts";

/** The repository's templates' version, and the next patch release of it. */
export async function versions(): Promise<{ current: string; next: string }> {
  const { version } = JSON.parse(await readFile(join(repoRoot, "templates/manifest.json"), "utf8"));
  const [major, minor, patch] = String(version).split(".").map(Number);
  return { current: version, next: `${major}.${minor}.${Number(patch) + 1}` };
}

/** What the second release changes, as the tests look for it. */
export const RELEASE_2 = {
  /** A line of the Makefile changed (`PORT ?= 8080` -> this). */
  port: "PORT ?= 8081",
  added: "CHANGELOG.md",
  removed: ".dockerignore",
  hono: "4.13.23",
  /** A line the sample resource gains after its service's class head (every resource's service, the users' too). */
  serviceLine: "  // Every use case is one method: the routes and the resolvers call these, never the repository.",
};

async function edit(path: string, change: (text: string) => string): Promise<void> {
  const before = await readFile(path, "utf8");
  const after = change(before);
  if (after === before) throw new Error(`the release's edit of ${path} changed nothing`);
  await writeFile(path, after);
}

/**
 * Two template releases in `dir`: `r1`, a copy of the repository's templates, and `r2`, the next patch release with a
 * file edited, one added, one removed, a dependency bumped and the sample resource changed.
 */
export async function buildReleases(dir: string): Promise<{ r1: string; r2: string }> {
  const [r1, r2] = [join(dir, "r1"), join(dir, "r2")];
  await cp(join(repoRoot, "templates"), r1, { recursive: true });
  await cp(join(repoRoot, "templates"), r2, { recursive: true });
  const { current, next } = await versions();
  await edit(join(r2, "manifest.json"), (text) => text.replace(`"version": "${current}"`, `"version": "${next}"`));
  await edit(join(r2, "layers/base/Makefile"), (text) => text.replace("PORT ?= 8080", RELEASE_2.port));
  await writeFile(join(r2, "layers/base", RELEASE_2.added), `# Changes\n\n## ${next}\n\n- Upgraded with scaffold.\n`);
  await rm(join(r2, "layers/base", RELEASE_2.removed));
  await edit(join(r2, "layers/base/package.json"), (text) =>
    text.replace(/"hono": "[^"]+"/, `"hono": "${RELEASE_2.hono}"`),
  );
  await edit(join(r2, "resource/stock-item.service.ts"), (text) =>
    text.replace("export class StockItemService {\n", `export class StockItemService {\n${RELEASE_2.serviceLine}\n`),
  );
  return { r1, r2 };
}
