import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadEmbeddedTemplates } from "./embedded-templates.ts";
import { oneLine, ScaffoldError } from "./errors.ts";
import { digest } from "./fast-digest.ts";
import { loadTemplateDir } from "./load-template-dir.ts";
import { checkFormatVersion } from "./manifest.ts";
import { MANIFEST_FILE, type TemplateTree } from "./template-tree.ts";
import { withTemporaryDir } from "./temporary-dir.ts";

export interface TemplateRequest {
  /** `--template-ref`; null with no source means the templates embedded in this CLI. */
  ref: string | null;
  /** `--template-source` (already defaulted from the environment) or null. */
  source: string | null;
  offline: boolean;
  cacheDir: string;
  cliVersion: string;
  cwd: string;
}

export interface LoadedTemplates {
  tree: TemplateTree;
  /** The ref recorded in scaffold.json: null for the embedded templates. */
  ref: string | null;
  /** Where the templates came from, for messages. */
  origin: string;
}

const isLocalSource = (source: string) => /^(\.{1,2}([/\\]|$)|[/\\~]|file:|[A-Za-z]:[/\\])/.test(source);
const isHttpSource = (source: string) => /^https?:\/\//.test(source);
const isArchiveUrl = (source: string) => /\.(tar\.gz|tgz)$/.test(new URL(source).pathname);

function localPath(source: string, cwd: string): string {
  if (source.startsWith("file:")) return new URL(source).pathname;
  if (source.startsWith("~")) return join(process.env.HOME ?? "", source.slice(1));
  return resolve(cwd, source);
}

/** giget input for a remote source at a ref: an archive URL (`templates-<version>.tar.gz`) or `<giget source>#<ref>`. */
export function remoteInput(source: string, ref: string): string {
  if (!isHttpSource(source)) return `${source}#${ref}`;
  if (isArchiveUrl(source)) return `scaffold-archive:${source}`;
  return `scaffold-archive:${source.replace(/\/+$/, "")}/templates-${ref.replace(/^v(?=\d)/, "")}.tar.gz`;
}

function cacheEntry(cacheDir: string, source: string, ref: string): string {
  const key = digest("sha256", `${source}\0${ref}`).toString("hex").slice(0, 16);
  return join(cacheDir, "templates", `${ref.replace(/[^\w.-]/g, "_")}-${key}`);
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
async function download(source: string, ref: string, entry: string): Promise<void> {
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

/** Embedded templates, a local templates folder, or a remote ref (downloaded once, then cached per source and ref). */
export async function loadTemplates(request: TemplateRequest): Promise<LoadedTemplates> {
  const { ref, source, offline, cacheDir, cliVersion, cwd } = request;
  if (ref === null && source === null) {
    const origin = `scaffold ${cliVersion} (embedded)`;
    const tree = await loadEmbeddedTemplates();
    checkFormatVersion(tree.manifest, origin);
    return { tree, ref: null, origin };
  }
  const from = source ?? "";
  if (isLocalSource(from)) {
    const dir = localPath(from, cwd);
    const root = existsSync(join(dir, "templates", MANIFEST_FILE)) ? join(dir, "templates") : dir;
    if (!existsSync(root)) throw new ScaffoldError(`Template source ${from} does not exist: check --template-source.`);
    return { tree: await loadTemplateDir(root), ref, origin: root };
  }
  const wanted = ref ?? `v${cliVersion}`;
  const entry = cacheEntry(cacheDir, from, wanted);
  const origin = `${from}#${wanted}`;
  if (offline) {
    if (!existsSync(join(entry, MANIFEST_FILE))) {
      throw new ScaffoldError(
        `No cached templates for ${origin} and --offline forbids downloading: run once without --offline to fill the cache.`,
      );
    }
  } else {
    await download(from, wanted, entry);
  }
  return { tree: await loadTemplateDir(entry), ref: wanted, origin };
}
