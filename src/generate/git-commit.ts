import {
  type BigIntStats,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { digest, zlibStored } from "./fast-digest.ts";
import type { GitSettings } from "./git-settings.ts";
import { type IgnoreRule, isIgnored, parseIgnore } from "./gitignore.ts";

/**
 * The initial commit written directly, instead of `git init` + `git add -A` + `git commit` (three processes, most of
 * the generation time): `.git` with loose objects, the branch ref, a reflog and a version-2 index, exactly as git
 * would leave them. Throws `Unsupported` (before writing anything) when the project needs what this does not do.
 */
export class Unsupported extends Error {}

interface StagedFile {
  path: string;
  mode: "100644" | "100755";
  hash: Buffer;
  stat: BigIntStats;
}

type Tree = Map<string, Tree | StagedFile>;

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function object(gitDir: string, type: string, body: Buffer): Buffer {
  const data = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  const hash = digest("sha1", data);
  const hex = hash.toString("hex");
  const folder = join(gitDir, "objects", hex.slice(0, 2));
  const file = join(folder, hex.slice(2));
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, zlibStored(data), { mode: 0o444 });
  }
  return hash;
}

/** The files `git add -A` would stage: every regular file not ignored by a .gitignore or the global excludes. */
function collect(root: string, rel: string, rules: IgnoreRule[], out: { path: string; full: string }[]): void {
  const dir = join(root, rel);
  const local = existsSync(join(dir, ".gitignore"))
    ? parseIgnore(readFileSync(join(dir, ".gitignore"), "utf8"), rel)
    : [];
  if (!local) throw new Unsupported(`unsupported pattern in ${rel}.gitignore`);
  const scope = local.length ? [...rules, ...local] : rules;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === ".git") continue;
    const path = `${rel}${entry.name}`;
    if (entry.name === ".gitattributes") throw new Unsupported(".gitattributes");
    if (entry.isDirectory()) {
      if (!isIgnored(scope, path, true)) collect(root, `${path}/`, scope, out);
    } else if (entry.isFile()) {
      if (!isIgnored(scope, path, false)) out.push({ path, full: join(root, path) });
    } else throw new Unsupported(`${path} is not a regular file`);
  }
}

function writeTree(gitDir: string, tree: Tree): Buffer {
  // git orders tree entries by name, a directory's name compared as if it ended with "/".
  const names = [...tree.keys()].sort((a, b) =>
    byteOrder(tree.get(a) instanceof Map ? `${a}/` : a, tree.get(b) instanceof Map ? `${b}/` : b),
  );
  const parts = names.map((name) => {
    const entry = tree.get(name) as Tree | StagedFile;
    const [mode, hash] = entry instanceof Map ? ["40000", writeTree(gitDir, entry)] : [entry.mode, entry.hash];
    return Buffer.concat([Buffer.from(`${mode} ${name}\0`), hash]);
  });
  return object(gitDir, "tree", Buffer.concat(parts));
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

/** Creates `<dir>/.git` holding one commit of the project's files on `settings.branch`; returns the commit's hash. */
export function writeInitialCommit(dir: string, settings: GitSettings, message: string): string {
  const globalRules = parseIgnore(settings.globalExcludes, "");
  if (!globalRules) throw new Unsupported("unsupported pattern in the global excludes file");
  const found: { path: string; full: string }[] = [];
  collect(dir, "", globalRules, found);
  const gitDir = join(dir, ".git");
  try {
    for (const sub of ["objects/info", "objects/pack", "refs/heads", "refs/tags", "logs/refs/heads"]) {
      mkdirSync(join(gitDir, sub), { recursive: true });
    }
    const root: Tree = new Map();
    const files = found
      .sort((a, b) => byteOrder(a.path, b.path))
      .map(({ path, full }): StagedFile => {
        const stat = lstatSync(full, { bigint: true });
        const executable = (stat.mode & 0o100n) !== 0n;
        const file: StagedFile = {
          path,
          mode: executable ? "100755" : "100644",
          hash: object(gitDir, "blob", readFileSync(full)),
          stat,
        };
        const segments = path.split("/");
        let tree = root;
        for (const segment of segments.slice(0, -1)) {
          if (!tree.has(segment)) tree.set(segment, new Map());
          tree = tree.get(segment) as Tree;
        }
        tree.set(segments.at(-1) as string, file);
        return file;
      });
    const tree = writeTree(gitDir, root).toString("hex");
    const body = `tree ${tree}\nauthor ${settings.author}\ncommitter ${settings.committer}\n\n${message}\n`;
    const commit = object(gitDir, "commit", Buffer.from(body)).toString("hex");
    const ref = `refs/heads/${settings.branch}`;
    mkdirSync(join(gitDir, ref, ".."), { recursive: true });
    writeFileSync(join(gitDir, ref), `${commit}\n`);
    writeFileSync(join(gitDir, "HEAD"), `ref: ${ref}\n`);
    writeFileSync(join(gitDir, "config"), CONFIG);
    writeFileSync(join(gitDir, "index"), indexFile(files));
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
