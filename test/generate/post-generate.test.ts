/** The post steps on a written project: `.env`, then `git init`, `git add -A` and the initial commit by git itself. */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initRepository, postGenerate } from "../../src/generate/post-generate.ts";

let work: string;
let counter = 0;
const saved = { ...process.env };
const realGit = Bun.which("git") ?? "git";

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "scaffold-post-generate-"));
});
afterEach(() => {
  // Each test sets up its own git environment (HOME, PATH) in process.env, which runGit passes on.
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The latest `userHome`, for the checks made with git after a test's environment is restored. */
let gitHome: Record<string, string> = {};

/** A HOME with `files` (e.g. `.gitconfig`), no system config and no identity from the environment. */
async function userHome(files: Record<string, string> = {}): Promise<string> {
  const home = join(work, `home-${++counter}`);
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(home, path, ".."), { recursive: true });
    await writeFile(join(home, path), contents);
  }
  await mkdir(home, { recursive: true });
  gitHome = { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), GIT_CONFIG_NOSYSTEM: "1" };
  Object.assign(process.env, gitHome);
  for (const key of ["EMAIL", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL", "GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"]) {
    delete process.env[key];
  }
  return home;
}

/** Writes `files` into a fresh project folder, as `writeProject` does before the post steps. */
async function project(files: Record<string, string | Uint8Array>, parent = work): Promise<string> {
  const dir = join(parent, `project-${++counter}`);
  await mkdir(dir, { recursive: true });
  for (const [path, contents] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), contents);
  }
  return dir;
}

/** The post steps as `scaffold new` runs them: init first (overlapping the writes), then `.env` and the commit. */
async function generate(dir: string, files: string[]) {
  const repository = initRepository(dir);
  return postGenerate(
    dir,
    files.map((path) => ({ path })),
    await repository,
  );
}

function git(cwd: string, ...args: string[]): string {
  const env = { ...process.env, ...gitHome };
  const result = Bun.spawnSync([realGit, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`);
  return result.stdout.toString().trim();
}

/** A PATH holding only a `git` shell script (or nothing). */
async function fakePath(script?: string): Promise<string> {
  const bin = join(work, `bin-${++counter}`);
  await mkdir(bin);
  if (script) {
    await writeFile(join(bin, "git"), `#!/bin/sh\n${script}\n`);
    await chmod(join(bin, "git"), 0o755);
  }
  return bin;
}

describe("the initial commit, without any git identity or config", () => {
  const files: Record<string, string | Uint8Array> = {
    ".gitignore": "# comment\n\nnode_modules/\n.env\n/build\n*.log\n!keep.log\ndocs/**/tmp\n[ab].tmp\n",
    ".env.example": "SECRET=\n",
    "setup.sh": "#!/bin/sh\necho hi\n",
    "a/build/kept.ts": "nested build is not anchored /build",
    "build/out.js": "ignored",
    "node_modules/x/index.js": "ignored",
    "server.log": "ignored",
    "keep.log": "kept: a negated pattern",
    "notes.swp": "ignored by the global excludes file",
    "docs/guide/tmp/x.md": "ignored",
    "docs/guide/keep.md": "kept",
    "a.tmp": "ignored",
    "c.tmp": "kept",
    "pkg/.gitignore": "generated.ts\n",
    "pkg/generated.ts": "ignored by the nested rule",
    "generated.ts": "kept: the nested rule is scoped to pkg/",
    "assets/logo.bin": new Uint8Array([0, 255, 10, 13, 128]),
  };
  let home: string;
  let dir: string;
  let result: Awaited<ReturnType<typeof generate>>;
  beforeAll(async () => {
    home = await userHome({ ".config/git/ignore": "*.swp\n" });
    dir = await project(files);
    await chmod(join(dir, "setup.sh"), 0o755);
    result = await generate(dir, Object.keys(files));
  });

  test("one commit with scaffold's message and fallback identity, on main", () => {
    expect(result).toEqual({ env: true, git: "committed" });
    expect(git(dir, "log", "--format=%an <%ae>|%cn <%ce>|%s")).toBe(
      "scaffold <scaffold@localhost>|scaffold <scaffold@localhost>|Initial commit from scaffold",
    );
    expect(git(dir, "symbolic-ref", "HEAD")).toBe("refs/heads/main");
  });

  test("every file but the ignored ones (git's own rules: nested files, `!`, global excludes), modes kept", () => {
    expect(git(dir, "ls-files").split("\n").sort()).toEqual(
      [
        ".env.example",
        ".gitignore",
        "a/build/kept.ts",
        "assets/logo.bin",
        "c.tmp",
        "docs/guide/keep.md",
        "generated.ts",
        "keep.log",
        "pkg/.gitignore",
        "setup.sh",
      ].sort(),
    );
    expect(git(dir, "ls-files", "-s", "setup.sh")).toStartWith("100755 ");
  });

  test(".env is copied from .env.example and not committed; the work tree is clean and the repository valid", async () => {
    expect(await readFile(join(dir, ".env"), "utf8")).toBe("SECRET=\n");
    expect(git(dir, "status", "--porcelain")).toBe("");
    expect(() => git(dir, "fsck", "--strict", "--no-dangling")).not.toThrow();
  });

  test("the user's git config is not changed", async () => {
    expect(await readdir(home)).toEqual([".config"]);
  });
});

describe("the user's own git config", () => {
  test("their identity and default branch", async () => {
    const config = "[user]\n\tname = Ada Lovelace\n\temail = ada@example.org\n[init]\n\tdefaultBranch = trunk\n";
    const home = await userHome({ ".gitconfig": config });
    const dir = await project({ "a.ts": "1" });
    expect(await generate(dir, ["a.ts"])).toEqual({ env: false, git: "committed" });
    expect(git(dir, "log", "--format=%an <%ae>|%cn <%ce>")).toBe(
      "Ada Lovelace <ada@example.org>|Ada Lovelace <ada@example.org>",
    );
    expect(git(dir, "symbolic-ref", "HEAD")).toBe("refs/heads/trunk");
    expect(await readFile(join(home, ".gitconfig"), "utf8")).toBe(config);
  });

  test("an identity from a conditional include for the folder the project is made in", async () => {
    const home = await userHome();
    const parent = join(home, "work");
    await mkdir(parent);
    await writeFile(join(home, ".gitconfig"), `[includeIf "gitdir:${parent}/"]\n\tpath = ${home}/.work.gitconfig\n`);
    await writeFile(join(home, ".work.gitconfig"), "[user]\n\tname = Ada\n\temail = ada@work.example.org\n");
    const dir = await project({ "a.ts": "1" }, parent);
    expect((await generate(dir, ["a.ts"])).git).toBe("committed");
    expect(git(dir, "log", "--format=%an <%ae>")).toBe("Ada <ada@work.example.org>");
  });

  test("an identity from EMAIL in the environment", async () => {
    await userHome();
    process.env.EMAIL = "ada@env.example.org";
    process.env.GIT_AUTHOR_NAME = "Ada";
    process.env.GIT_COMMITTER_NAME = "Ada";
    const dir = await project({ "a.ts": "1" });
    expect((await generate(dir, ["a.ts"])).git).toBe("committed");
    expect(git(dir, "log", "--format=%an <%ae>")).toBe("Ada <ada@env.example.org>");
  });

  test("a config without an email (only a name, an include, useConfigOnly) gets the fallback identity", async () => {
    await userHome({ ".gitconfig": "[user]\n\tname = Ada\n\tuseConfigOnly = true\n[include]\n\tpath = missing.inc\n" });
    const dir = await project({ "a.ts": "1" });
    expect((await generate(dir, ["a.ts"])).git).toBe("committed");
    expect(git(dir, "log", "--format=%an <%ae>")).toBe("scaffold <scaffold@localhost>");
  });

  test("commit signing and commit hooks, which would fail or wait unattended, are skipped", async () => {
    const home = await userHome();
    await mkdir(join(home, "hooks"));
    await writeFile(join(home, "hooks/pre-commit"), "#!/bin/sh\necho 'hook refused' >&2\nexit 1\n");
    await chmod(join(home, "hooks/pre-commit"), 0o755);
    const config = `[commit]\n\tgpgSign = true\n[gpg]\n\tprogram = false\n[core]\n\thooksPath = ${home}/hooks\n`;
    await writeFile(join(home, ".gitconfig"), config);
    const dir = await project({ "a.ts": "1" });
    expect((await generate(dir, ["a.ts"])).git).toBe("committed");
    expect(git(dir, "log", "--format=%G? %s")).toBe("N Initial commit from scaffold");
  });
});

describe("when git is missing or fails", () => {
  test("no git on PATH: the files and .env are written, no repository", async () => {
    await userHome();
    process.env.PATH = await fakePath();
    const dir = await project({ ".env.example": "A=1\n" });
    expect(await generate(dir, [".env.example"])).toEqual({ env: true, git: "no-git" });
    expect((await readdir(dir)).sort()).toEqual([".env", ".env.example"]);
  });

  test("a failing commit: git's message on one line, the files stay", async () => {
    await userHome();
    process.env.PATH = await fakePath(
      `case "$*" in *commit*) printf 'fatal: refused\\nsecond line\\n' >&2; exit 1;; esac\nexec ${realGit} "$@"`,
    );
    const dir = await project({ "a.ts": "1" });
    expect(await generate(dir, ["a.ts"])).toEqual({ env: false, git: "fatal: refused second line" });
    expect(await readdir(dir)).toContain("a.ts");
  });

  test("a failing `git init`: its message, and nothing more is tried", async () => {
    await userHome();
    const log = join(work, `calls-${++counter}`);
    process.env.PATH = await fakePath(`echo "$*" >> ${log}\necho "fatal: cannot init" >&2\nexit 128`);
    const dir = await project({ "a.ts": "1" });
    expect(await generate(dir, ["a.ts"])).toEqual({ env: false, git: "fatal: cannot init" });
    const calls = (await readFile(log, "utf8")).trim().split("\n");
    expect(calls.map((call) => call.split(" ")[0])).toEqual(["config", "init"]);
  });
});
