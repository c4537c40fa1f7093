import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { loadTemplateDir } from "../../generate/load-template-dir.ts";
import { writeBuildEntry } from "../build-entry.ts";
import { CLI_EXTERNALS } from "./manifests.ts";
import { run } from "./run.ts";

/** The Bun running this build (it runs under Bun); `bun` from PATH otherwise. */
const bunExecutable = process.versions.bun ? process.execPath : "bun";

/**
 * Stages @scaffold-dev/cli in `dir`: scaffold.mjs, the CLI bundled for Node.js with its dependencies (but
 * CLI_EXTERNALS) and the templates of this version embedded, the same entry as the compiled binaries (src/build/build-entry.ts).
 */
export async function stageCli(root: string, dir: string): Promise<void> {
  const buildDir = join(dir, ".build");
  const entry = await writeBuildEntry(
    buildDir,
    await loadTemplateDir(join(root, "templates")),
    join(root, "src/cli.ts"),
  );
  await mkdir(dir, { recursive: true });
  const command = [bunExecutable, "build", "--target=node", "--format=esm", "--minify-syntax", "--minify-whitespace"];
  // Biome's WebAssembly (tens of megabytes) stays a dependency of the package, loaded from node_modules.
  command.push(...CLI_EXTERNALS.map((name) => `--external=${name}`));
  // NODE_ENV is inlined at build time: pin it, as for the binaries (src/build/compile.ts).
  const env = { ...process.env, NODE_ENV: "production" };
  await run([...command, "--banner=#!/usr/bin/env node", entry, "--outfile", join(dir, "scaffold.mjs")], root, env);
  await rm(buildDir, { recursive: true });
}
