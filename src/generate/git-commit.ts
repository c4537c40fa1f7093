import { type BigIntStats, lstatSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { digest } from "./fast-digest.ts";
import { type GitObject, gitObject, knownObject, writePack } from "./git-pack.ts";
import type { GitSettings } from "./git-settings.ts";
import { type IgnoreMatcher, type IgnoreRule, ignoreMatcher, isIgnored, parseIgnore } from "./gitignore.ts";

/**
 * The initial commit written directly, instead of `git init` + `git add -A` + `git commit` (three processes, most of
 * the generation time): `.git` with the objects in one pack, the branch ref, a reflog and a version-2 index, as git
 * would leave them after `git gc`. Throws `Unsupported` (before writing anything) when the project needs what this does not do.
 */
export class Unsupported extends Error {}

interface StagedFile {
  path: string;
  mode: "100644" | "100755";
  hash: Buffer;
  stat: BigIntStats;
}

type Tree = Map<string, Tree | StagedFile>;

/**
 * A key whose string order is the byte order of the name's UTF-8 encoding (git's order): the name itself when it is printable
 * ASCII, else its UTF-8 bytes as a latin1 string. Computed once per name, so that sorting compares plain strings.
 */
const byteKey = (name: string) => (/^[ -~]*$/.test(name) ? name : Buffer.from(name, "utf8").toString("latin1"));

function sortByBytes<T>(items: readonly T[], key: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: byteKey(key(item)) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}

/** A file of the project as written to disk: the commit hashes these contents instead of reading them back. */
export interface ProjectFile {
  /** Relative to the project root, `/`-separated. */
  path: string;
  contents: string | Uint8Array;
  /** Hex SHA-1 of the git blob of `contents`, when already known (see `TemplateFile.gitBlob`). */
  gitBlob?: string | undefined;
}

interface Folder {
  files: ProjectFile[];
  folders: Map<string, Folder>;
}

interface Scope {
  rules: IgnoreRule[];
  matcher: IgnoreMatcher;
}

function folderTree(files: readonly ProjectFile[]): Folder {
  const root: Folder = { files: [], folders: new Map() };
  for (const file of files) {
    let folder = root;
    const segments = file.path.split("/");
    for (let i = 0; i < segments.length - 1; i++) {
      const name = segments[i] as string;
      let next = folder.folders.get(name);
      if (!next) {
        next = { files: [], folders: new Map() };
        folder.folders.set(name, next);
      }
      folder = next;
    }
    folder.files.push(file);
  }
  return root;
}

const text = (contents: string | Uint8Array) =>
  typeof contents === "string" ? contents : Buffer.from(contents).toString("utf8");

/** The files `git add -A` would stage: every file not ignored by a .gitignore or the global excludes. */
function collect(folder: Folder, rel: string, parent: Scope, out: ProjectFile[]): void {
  let scope = parent;
  const ignoreFile = folder.files.find((file) => file.path === `${rel}.gitignore`);
  if (ignoreFile) {
    const local = parseIgnore(text(ignoreFile.contents), rel);
    if (!local) throw new Unsupported(`unsupported pattern in ${rel}.gitignore`);
    const rules = [...parent.rules, ...local];
    scope = { rules, matcher: ignoreMatcher(rules) };
  }
  for (const file of folder.files) {
    if (file.path === `${rel}.gitattributes`) throw new Unsupported(".gitattributes");
    if (!isIgnored(scope.matcher, file.path, false)) out.push(file);
  }
  for (const [name, sub] of folder.folders) {
    const path = `${rel}${name}`;
    if (!isIgnored(scope.matcher, path, true)) collect(sub, `${path}/`, scope, out);
  }
}

function writeTree(objects: GitObject[], tree: Tree): Buffer {
  // git orders tree entries by name, a directory's name compared as if it ended with "/".
  const names = sortByBytes([...tree.keys()], (name) => (tree.get(name) instanceof Map ? `${name}/` : name));
  const parts = names.map((name) => {
    const entry = tree.get(name) as Tree | StagedFile;
    const [mode, hash] = entry instanceof Map ? ["40000", writeTree(objects, entry)] : [entry.mode, entry.hash];
    return Buffer.concat([Buffer.from(`${mode} ${name}\0`), hash]);
  });
  const object = gitObject("tree", Buffer.concat(parts));
  objects.push(object);
  return object.hash;
}

/** Version-2 index: one entry per file with its real stat data, so `git status` need not re-read the files. */
function indexFile(files: readonly StagedFile[]): Buffer {
  const header = Buffer.alloc(12);
  header.write("DIRC", 0);
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(files.length, 8);
  const entries = files.map(({ path, mode, hash, stat }) => {
    const name = Buffer.from(path);
    const entry = Buffer.alloc((62 + name.length + 8) & ~7);
    const u32 = (value: bigint, at: number) => entry.writeUInt32BE(Number(value & 0xffffffffn), at);
    u32(stat.ctimeNs / 1_000_000_000n, 0);
    u32(stat.ctimeNs % 1_000_000_000n, 4);
    u32(stat.mtimeNs / 1_000_000_000n, 8);
    u32(stat.mtimeNs % 1_000_000_000n, 12);
    u32(stat.dev, 16);
    u32(stat.ino, 20);
    u32(BigInt(Number.parseInt(mode, 8)), 24);
    u32(stat.uid, 28);
    u32(stat.gid, 32);
    u32(stat.size, 36);
    hash.copy(entry, 40);
    entry.writeUInt16BE(Math.min(name.length, 0xfff), 60);
    name.copy(entry, 62);
    return entry;
  });
  const body = Buffer.concat([header, ...entries]);
  return Buffer.concat([body, digest("sha1", body)]);
}

/**
 * Creates `<dir>/.git` holding one commit of the project's files on `settings.branch`; returns the commit's hash.
 * `files` are exactly the files in `dir` (the project just written), so they are hashed from memory; only their
 * stat data (for the index and the executable bit) is read from disk.
 */
export function writeInitialCommit(
  dir: string,
  files: readonly ProjectFile[],
  settings: GitSettings,
  message: string,
): string {
  const globalRules = parseIgnore(settings.globalExcludes, "");
  if (!globalRules) throw new Unsupported("unsupported pattern in the global excludes file");
  const found: ProjectFile[] = [];
  collect(folderTree(files), "", { rules: globalRules, matcher: ignoreMatcher(globalRules) }, found);
  const gitDir = join(dir, ".git");
  try {
    for (const sub of ["objects/info", "objects/pack", "refs/heads", "refs/tags", "logs/refs/heads"]) {
      mkdirSync(join(gitDir, sub), { recursive: true });
    }
    const objects: GitObject[] = [];
    const root: Tree = new Map();
    const staged = sortByBytes(found, (file) => file.path).map(({ path, contents, gitBlob }): StagedFile => {
      const stat = lstatSync(join(dir, path), { bigint: true });
      const executable = (stat.mode & 0o100n) !== 0n;
      const body = typeof contents === "string" ? Buffer.from(contents) : contents;
      const blob = gitBlob ? knownObject("blob", body, gitBlob) : gitObject("blob", body);
      objects.push(blob);
      const file: StagedFile = { path, mode: executable ? "100755" : "100644", hash: blob.hash, stat };
      const segments = path.split("/");
      let tree = root;
      for (const segment of segments.slice(0, -1)) {
        if (!tree.has(segment)) tree.set(segment, new Map());
        tree = tree.get(segment) as Tree;
      }
      tree.set(segments.at(-1) as string, file);
      return file;
    });
    const tree = writeTree(objects, root).toString("hex");
    const body = `tree ${tree}\nauthor ${settings.author}\ncommitter ${settings.committer}\n\n${message}\n`;
    const commitObject = gitObject("commit", Buffer.from(body));
    writePack(gitDir, [commitObject, ...objects]);
    const commit = commitObject.hash.toString("hex");
    const ref = `refs/heads/${settings.branch}`;
    mkdirSync(join(gitDir, ref, ".."), { recursive: true });
    writeFileSync(join(gitDir, ref), `${commit}\n`);
    writeFileSync(join(gitDir, "HEAD"), `ref: ${ref}\n`);
    writeFileSync(join(gitDir, "config"), CONFIG);
    writeFileSync(join(gitDir, "index"), indexFile(staged));
    const log = `${"0".repeat(40)} ${commit} ${settings.committer}\tcommit (initial): ${message}\n`;
    mkdirSync(join(gitDir, "logs", ref, ".."), { recursive: true });
    writeFileSync(join(gitDir, "logs", ref), log);
    writeFileSync(join(gitDir, "logs/HEAD"), log);
    return commit;
  } catch (error) {
    rmSync(gitDir, { recursive: true, force: true });
    throw error;
  }
}

/** What `git init` writes on Linux and macOS (the probe of the file system's features done once, here). */
const CONFIG = `[core]
\trepositoryformatversion = 0
\tfilemode = true
\tbare = false
\tlogallrefupdates = true
${process.platform === "darwin" ? "\tignorecase = true\n\tprecomposeunicode = true\n" : ""}`;
