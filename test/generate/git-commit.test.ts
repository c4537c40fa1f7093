import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmod, cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ProjectFile, Unsupported, writeInitialCommit } from "../../src/generate/git-commit.ts";
import type { GitSettings } from "../../src/generate/git-settings.ts";

const settings: GitSettings = {
  author: "Ada Lovelace <ada@example.org> 1700000000 +0100",
  committer: "Charles Babbage <charles@example.org> 1700000100 -0230",
  branch: "trunk",
  globalExcludes: "*.swp\n",
};

let work: string;
let home: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "scaffold-git-commit-"));
  home = join(work, "home");
  // git's default global excludes file, as the settings read it from there.
  await mkdir(join(home, ".config/git"), { recursive: true });
  await writeFile(join(home, ".config/git/ignore"), settings.globalExcludes);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** git with no user or system config, so that only the repository decides. */
function git(cwd: string, ...args: string[]): string {
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, ".config"), GIT_CONFIG_NOSYSTEM: "1" };
  const result = Bun.spawnSync(["git", ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`);
  return result.stdout.toString().trim();
}

/** A project with what a .gitignore and git's orderings can trip on: ignored files and folders, nested rules. */
async function project(dir: string): Promise<ProjectFile[]> {
  const files: Record<string, string | Uint8Array> = {
    ".gitignore": "# comment\n\nnode_modules/\n.env\n/build\n*.log\ndocs/**/tmp\ncache?/\n[ab].tmp\n",
    ".env": "SECRET=1\n",
    ".env.example": "SECRET=\n",
    "setup.sh": "#!/bin/sh\necho hi\n",
    "a.b.ts": "1",
    "a-b.ts": "2",
    "a/index.ts": "3",
    "a/b/c.ts": "4",
    "a/build/kept.ts": "nested build is not anchored /build",
    "build/out.js": "ignored",
    "node_modules/x/index.js": "ignored",
    "src/node_modules/y.js": "ignored at any depth",
    "server.log": "ignored",
    "notes.swp": "ignored globally",
    "docs/guide/tmp/x.md": "ignored",
    "docs/guide/keep.md": "kept",
    "cache1/x": "ignored",
    "a.tmp": "ignored",
    "c.tmp": "kept",
    "pkg/.gitignore": "generated.ts\n",
    "pkg/generated.ts": "ignored by the nested rule",
    "pkg/main.ts": "kept",
    "generated.ts": "kept: the nested rule is scoped to pkg/",
    "empty/.keep": "",
    "assets/logo.bin": new Uint8Array([0, 255, 10, 13, 128]),
    // UTF-16 orders these two the other way round from UTF-8 bytes (git's order).
    "\u{1F600}.ts": "emoji",
    "\uFF01.ts": "fullwidth",
  };
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), contents);
  }
  await chmod(join(dir, "setup.sh"), 0o755);
  await mkdir(join(dir, "really-empty"));
  return Object.entries(files).map(([path, contents]) => ({ path, contents }));
}

describe("writeInitialCommit", () => {
  let dir: string;
  let commit: string;
  beforeAll(async () => {
    dir = join(work, "project");
    commit = writeInitialCommit(dir, await project(dir), settings, "Initial commit from scaffold");
  });

  test("one commit on the configured branch, with the given author and committer", () => {
    expect(git(dir, "rev-parse", "HEAD")).toBe(commit);
    expect(git(dir, "symbolic-ref", "HEAD")).toBe("refs/heads/trunk");
    expect(git(dir, "log", "--format=%an <%ae> %ad|%cn <%ce>|%s", "--date=raw")).toBe(
      "Ada Lovelace <ada@example.org> 1700000000 +0100|Charles Babbage <charles@example.org>|Initial commit from scaffold",
    );
    expect(git(dir, "reflog", "--format=%gs")).toBe("commit (initial): Initial commit from scaffold");
  });

  test("the repository is valid and the work tree clean", () => {
    expect(() => git(dir, "fsck", "--strict", "--no-dangling")).not.toThrow();
    expect(git(dir, "status", "--porcelain", "--ignored=no")).toBe("");
    expect(git(dir, "diff", "--cached", "--stat")).toBe("");
  });

  test("files keep their modes; ignored files (.env) are not committed", () => {
    const staged = git(dir, "ls-files", "-s").split("\n");
    expect(staged).toContain(`100755 ${git(dir, "hash-object", "setup.sh")} 0\tsetup.sh`);
    expect(staged.filter((line) => line.startsWith("100755"))).toHaveLength(1);
    const paths = git(dir, "ls-files").split("\n");
    expect(paths).toContain(".env.example");
    expect(paths).not.toContain(".env");
    expect(paths).toContain("a/build/kept.ts");
    expect(paths).not.toContain("notes.swp");
  });

  test("commits exactly what `git add -A` stages, in the same tree", async () => {
    const copy = join(work, "copy");
    await cp(dir, copy, { recursive: true, filter: (source) => !source.endsWith("/.git") });
    expect(await readdir(copy)).not.toContain(".git");
    git(copy, "init", "-q");
    git(copy, "add", "-A");
    expect(git(dir, "ls-files", "-s")).toBe(git(copy, "ls-files", "-s"));
    expect(git(dir, "rev-parse", "HEAD^{tree}")).toBe(git(copy, "write-tree"));
  });

  test("the index carries real stat data: git status needs no refresh", () => {
    const debug = git(dir, "ls-files", "--debug", "setup.sh");
    expect(debug).not.toContain("size: 0\t");
    expect(debug).toMatch(/mtime: [1-9]\d*:/);
  });
});

test("a blob hash given with a file (precomputed at build time) is used, and gives the same commit", async () => {
  const plain = join(work, "known-plain");
  const known = join(work, "known-given");
  const files = await project(plain);
  await project(known);
  const withHashes = files.map((file) => ({ ...file, gitBlob: git(plain, "hash-object", "--no-filters", file.path) }));
  const expected = writeInitialCommit(plain, files, settings, "same");
  expect(writeInitialCommit(known, withHashes, settings, "same")).toBe(expected);
  expect(() => git(known, "fsck", "--strict", "--no-dangling")).not.toThrow();

  // Trusted as given: a wrong hash is what gets committed (hence only build-time hashes of unchanged files).
  const wrong = join(work, "known-wrong");
  const wrongFiles = await project(wrong);
  const lied = wrongFiles.map((file) => (file.path === "a.b.ts" ? { ...file, gitBlob: "ab".repeat(20) } : file));
  writeInitialCommit(wrong, lied, settings, "same");
  expect(git(wrong, "ls-files", "-s", "a.b.ts")).toBe(`100644 ${"ab".repeat(20)} 0\ta.b.ts`);
});

describe("what it does not do, it refuses before writing anything", () => {
  test("a negated .gitignore pattern", async () => {
    const dir = join(work, "negated");
    await mkdir(dir);
    await writeFile(join(dir, ".gitignore"), "*.log\n!keep.log\n");
    const files = [{ path: ".gitignore", contents: "*.log\n!keep.log\n" }];
    expect(() => writeInitialCommit(dir, files, settings, "x")).toThrow(Unsupported);
    expect(await readdir(dir)).toEqual([".gitignore"]);
  });

  test("a .gitattributes file (filters, line endings)", async () => {
    const dir = join(work, "attributes");
    await mkdir(dir);
    await writeFile(join(dir, ".gitattributes"), "* text=auto\n");
    const files = [{ path: ".gitattributes", contents: "* text=auto\n" }];
    expect(() => writeInitialCommit(dir, files, settings, "x")).toThrow(Unsupported);
    expect(await readdir(dir)).toEqual([".gitattributes"]);
  });
});
