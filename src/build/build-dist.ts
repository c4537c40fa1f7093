import { copyFile, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadTemplateDir } from "../generate/load-template-dir.ts";
import { writeBuildEntry } from "./build-entry.ts";
import { formatSha256Sums, sha256File } from "./checksums.ts";
import { compileBinary } from "./compile.ts";
import { HOMEBREW_TARGETS, homebrewFormula } from "./homebrew.ts";
import { homepageOf, versionDownloadUrl } from "./release-urls.ts";
import type { BuildTarget } from "./targets.ts";
import { packTemplateArchive } from "./template-archive.ts";

export interface BuildOptions {
  /** Repository root: holds templates/, install.sh and the CLI. */
  root: string;
  /** The module the binary runs, relative to `root` (default `src/cli.ts`). */
  cliModule?: string;
  outDir: string;
  version: string;
  targets: BuildTarget[];
  /** Base URL of releases (GitHub layout: `<base>/download/v<version>/<file>`), written into the formula. */
  releasesUrl: string;
  /** Progress lines (build.ts prints them; tests stay quiet). */
  log?: (line: string) => void;
}

/** Names this build writes; only these are removed from `outDir` first, so an old build never leaks into the sums. */
const OUTPUT_PATTERN = /^(scaffold-.*|templates-.*\.tar\.gz|SHA256SUMS|scaffold\.rb|install\.sh|\.build)$/;

async function cleanOutputs(outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const name of await readdir(outDir)) {
    if (OUTPUT_PATTERN.test(name)) await rm(join(outDir, name), { recursive: true, force: true });
  }
}

/**
 * Builds the release files into `outDir`: one binary per target with the templates embedded, the template archive,
 * install.sh, SHA256SUMS over all of them, and the Homebrew formula when every Homebrew target was built.
 * Returns the published file names.
 */
export async function buildDist(options: BuildOptions): Promise<string[]> {
  const { root, outDir, version, log = () => {} } = options;
  await cleanOutputs(outDir);
  const templatesDir = join(root, "templates");
  const entry = await writeBuildEntry(
    join(outDir, ".build"),
    await loadTemplateDir(templatesDir),
    join(root, options.cliModule ?? "src/cli.ts"),
  );

  const published: string[] = [];
  for (const target of options.targets) {
    log(`compiling ${target.fileName}`);
    await compileBinary(entry, target, join(outDir, target.fileName));
    published.push(target.fileName);
  }
  const archive = `templates-${version}.tar.gz`;
  await writeFile(join(outDir, archive), await packTemplateArchive(templatesDir));
  await copyFile(join(root, "install.sh"), join(outDir, "install.sh"));
  published.push(archive, "install.sh");
  await rm(join(outDir, ".build"), { recursive: true });

  const sums: Record<string, string> = {};
  for (const name of published) sums[name] = await sha256File(join(outDir, name));

  const built = new Set(options.targets.map((target) => target.name));
  if (HOMEBREW_TARGETS.every((target) => built.has(target))) {
    const formula = homebrewFormula({
      version,
      downloadUrl: versionDownloadUrl(options.releasesUrl, version),
      homepage: homepageOf(options.releasesUrl),
      sha256: sums,
    });
    await writeFile(join(outDir, "scaffold.rb"), formula);
    sums["scaffold.rb"] = await sha256File(join(outDir, "scaffold.rb"));
    published.push("scaffold.rb");
  } else {
    log(`scaffold.rb skipped: it needs all of ${HOMEBREW_TARGETS.join(", ")}`);
  }
  await writeFile(join(outDir, "SHA256SUMS"), formatSha256Sums(sums));
  return [...published, "SHA256SUMS"].sort();
}
