import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { createTar, type TarFileInput } from "nanotar";

/** giget strips the first path component of an archive, so everything sits under this one folder. */
export const ARCHIVE_ROOT = "templates";

/** Fixed timestamp for every entry (1980-01-01, as zip and reproducible-builds tools use) so checksums repeat. */
const FIXED_MTIME_MS = Date.UTC(1980, 0, 1);

/** The plain ustar name field holds 100 bytes; nanotar writes no prefix or pax header for longer names. */
const MAX_NAME_BYTES = 100;

/** Every regular file under `root`, as `/`-separated paths relative to it, in byte order. */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Packs a `templates/` folder into a deterministic `.tar.gz`: one top-level `templates/` folder, entries sorted,
 * fixed mtimes and owners, file modes kept (an executable `setup.sh` stays 755). Same input, same bytes.
 */
export async function packTemplateArchive(templatesDir: string): Promise<Uint8Array> {
  const entries: TarFileInput[] = [];
  for (const path of await listFiles(templatesDir)) {
    const full = join(templatesDir, path);
    const name = `${ARCHIVE_ROOT}/${path}`;
    if (new TextEncoder().encode(name).length > MAX_NAME_BYTES) {
      throw new Error(`template path too long for the archive (over ${MAX_NAME_BYTES} bytes): ${name}`);
    }
    const { mode } = await stat(full);
    entries.push({
      name,
      data: new Uint8Array(await readFile(full)),
      attrs: { mode: (mode & 0o777).toString(8), mtime: FIXED_MTIME_MS, uid: 0, gid: 0, user: "", group: "" },
    });
  }
  return new Uint8Array(gzipSync(createTar(entries), { level: 9 }));
}
