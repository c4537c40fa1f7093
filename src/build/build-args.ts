import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_RELEASES_URL } from "./release-urls.ts";
import { type BuildTarget, selectTargets, TARGET_NAMES } from "./targets.ts";

export interface BuildArgs {
  targets: BuildTarget[];
  outDir: string;
  releasesUrl: string;
}

export const BUILD_USAGE = `usage: npm run build -- [--target <name>]... [--outdir <dir>] [--base-url <url>]
  --target    ${TARGET_NAMES.join(", ")} (repeatable; default: all)
  --outdir    output folder (default: dist)
  --base-url  releases base URL written into scaffold.rb (default: ${DEFAULT_RELEASES_URL};
              env SCAFFOLD_RELEASES_URL)`;

/** build.ts's command line; unknown flags and target names are errors (parseArgs is strict). */
export function parseBuildArgs(argv: string[], root: string, env = process.env): BuildArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      target: { type: "string", multiple: true, default: [] },
      outdir: { type: "string", default: "dist" },
      "base-url": { type: "string" },
    },
    strict: true,
    allowPositionals: false,
  });
  return {
    targets: selectTargets(values.target),
    outDir: resolve(root, values.outdir),
    releasesUrl: values["base-url"] ?? env.SCAFFOLD_RELEASES_URL ?? DEFAULT_RELEASES_URL,
  };
}
