import { createReadStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { oneLine, ScaffoldError } from "./errors.ts";
import { MANIFEST_FILE, type TemplateTree } from "./template-tree.ts";
import { withTemporaryDir } from "./temporary-dir.ts";

const isHttpSource = (source: string) => /^https?:\/\//.test(source);
const isArchiveUrl = (source: string) => /\.(tar\.gz|tgz)$/.test(new URL(source).pathname);

/** giget input for a remote source at a ref: an archive URL (`templates-<version>.tar.gz`) or `<giget source>#<ref>`. */
export function remoteInput(source: string, ref: string): string {
  if (!isHttpSource(source)) return `${source}#${ref}`;
  if (isArchiveUrl(source)) return `scaffold-archive:${source}`;
  return `scaffold-archive:${source.replace(/\/+$/, "")}/templates-${ref.replace(/^v(?=\d)/, "")}.tar.gz`;
}

/**
 * giget keeps its own tarball cache and silently falls back to it when a download fails; scaffold keeps its own cache
 * of extracted trees, so giget gets a private, empty cache for each download and a failure is always reported.
 */
async function withPrivateGigetCache<T>(work: () => Promise<T>): Promise<T> {
  const previous = process.env.XDG_CACHE_HOME;
  const scratch = await mkdtemp(join(tmpdir(), "scaffold-giget-"));
  process.env.XDG_CACHE_HOME = scratch;
  try {
    return await withTemporaryDir(scratch, work);
  } finally {
    if (previous === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = previous;
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Downloads `source` at `ref` into the cache (replacing an older copy only once the new one is complete). */
export async function download(source: string, ref: string, entry: string): Promise<void> {
  const { downloadTemplate } = await import("giget");
  const parent = join(entry, "..");
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, ".download-"));
  try {
    await withTemporaryDir(staging, async () => {
      await withPrivateGigetCache(() =>
        downloadTemplate(remoteInput(source, ref), {
          dir: staging,
          force: true,
          registry: false,
          providers: { "scaffold-archive": (url) => ({ name: "templates", version: ref, tar: url }) },
        }),
      );
      if (!existsSync(join(staging, MANIFEST_FILE))) throw new Error(`it holds no templates/${MANIFEST_FILE}`);
      await rm(entry, { recursive: true, force: true });
      await rename(staging, entry);
    });
  } catch (error) {
    throw new ScaffoldError(
      `Could not get templates ${ref} from ${source} (${oneLine(error)}): check the ref, the source and your network, or use --offline to use a cached copy.`,
    );
  }
}

/**
 * Reads a local templates archive (the `templates-<version>.tar.gz` every release publishes) with giget's own tar
 * handling, through a scratch folder removed afterwards.
 */
export async function readLocalArchive(archive: string): Promise<TemplateTree> {
  const { downloadTemplate } = await import("giget");
  const scratch = await mkdtemp(join(tmpdir(), "scaffold-archive-"));
  try {
    return await withTemporaryDir(scratch, async () => {
      const dir = join(scratch, "templates");
      try {
        await withPrivateGigetCache(() =>
          downloadTemplate(`scaffold-file:${archive}`, {
            dir,
            registry: false,
            providers: {
              "scaffold-file": () => ({ name: "templates", version: "local", tar: () => createReadStream(archive) }),
            },
          }),
        );
      } catch (error) {
        throw new ScaffoldError(
          `Could not read the templates archive ${archive} (${oneLine(error)}): pass a templates-<version>.tar.gz as a release publishes it, or a templates folder.`,
        );
      }
      const { loadTemplateDir } = await import("./load-template-dir.ts");
      return await loadTemplateDir(dir);
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
