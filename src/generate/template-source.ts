import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { ScaffoldError } from "./errors.ts";
import { checkFormatVersion } from "./manifest.ts";
import { MANIFEST_FILE, type TemplateTree } from "./template-tree.ts";

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
  /** The source recorded in scaffold.json, so the project can be generated again: null for the embedded templates. */
  source: string | null;
}

const isArchivePath = (path: string) => /\.(tar\.gz|tgz)$/.test(path);

/** A path (`./templates`, `/srv/t`, `~/t`, `file:…`, `C:\t`), or an archive's file name with no scheme before it. */
export const isLocalSource = (source: string) =>
  /^(\.{1,2}([/\\]|$)|[/\\~]|file:|[A-Za-z]:[/\\])/.test(source) ||
  (isArchivePath(source) && !/^[A-Za-z][\w+.-]*:/.test(source));

function localPath(source: string, cwd: string): string {
  if (source.startsWith("file:")) return new URL(source).pathname;
  if (source.startsWith("~")) return join(process.env.HOME ?? "", source.slice(1));
  return resolve(cwd, source);
}

/** node:crypto is imported only here: the embedded templates (the common case) need no hash. */
async function cacheEntry(cacheDir: string, source: string, ref: string): Promise<string> {
  const { createHash } = await import("node:crypto");
  const key = createHash("sha256").update(`${source}\0${ref}`).digest("hex").slice(0, 16);
  return join(cacheDir, "templates", `${ref.replace(/[^\w.-]/g, "_")}-${key}`);
}

declare global {
  /** Set by the compiled binary's build entry (src/build/build-entry.ts) before the CLI is imported. */
  var __SCAFFOLD_TEMPLATES__: TemplateTree | undefined;
}

/** The repository's own `templates/`, used when running from source. */
export const repositoryTemplates = (): string => join(import.meta.dirname, "..", "..", "templates");

/** Reading a tree from disk checks its manifest with zod: both are loaded only when a tree is read from disk. */
const loadTemplateDir = (root: string): Promise<TemplateTree> =>
  import("./load-template-dir.ts").then((m) => m.loadTemplateDir(root));

/** Embedded templates, a local templates folder, or a remote ref (downloaded once, then cached per source and ref). */
export async function loadTemplates(request: TemplateRequest): Promise<LoadedTemplates> {
  const { ref, source, offline, cacheDir, cliVersion, cwd } = request;
  if (ref === null && source === null) {
    const origin = `scaffold ${cliVersion} (embedded)`;
    const tree = globalThis.__SCAFFOLD_TEMPLATES__ ?? (await loadTemplateDir(repositoryTemplates()));
    checkFormatVersion(tree.manifest, origin);
    return { tree, ref: null, origin, source: null };
  }
  const from = source ?? "";
  if (isLocalSource(from)) {
    const dir = localPath(from, cwd);
    if (statSync(dir, { throwIfNoEntry: false })?.isFile()) {
      if (!isArchivePath(dir)) {
        throw new ScaffoldError(
          `Template source ${from} is a file: pass a templates folder or a templates-<version>.tar.gz archive.`,
        );
      }
      const tree = await import("./download-templates.ts").then((m) => m.readLocalArchive(dir));
      return { tree, ref, origin: dir, source: dir };
    }
    const root = existsSync(join(dir, "templates", MANIFEST_FILE)) ? join(dir, "templates") : dir;
    if (!existsSync(root)) throw new ScaffoldError(`Template source ${from} does not exist: check --template-source.`);
    return { tree: await loadTemplateDir(root), ref, origin: root, source: root };
  }
  const wanted = ref ?? `v${cliVersion}`;
  const entry = await cacheEntry(cacheDir, from, wanted);
  const origin = `${from}#${wanted}`;
  if (offline) {
    if (!existsSync(join(entry, MANIFEST_FILE))) {
      throw new ScaffoldError(
        `No cached templates for ${origin} and --offline forbids downloading: run once without --offline to fill the cache.`,
      );
    }
  } else {
    await import("./download-templates.ts").then((m) => m.download(from, wanted, entry));
  }
  return { tree: await loadTemplateDir(entry), ref: wanted, origin, source: from };
}
