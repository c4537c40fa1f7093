import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitSettings } from "../../src/generate/git-settings.ts";
import { ignoreMatcher, isIgnored, parseIgnore } from "../../src/generate/gitignore.ts";

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), "scaffold-git-settings-"));
});
afterAll(async () => {
  await rm(home, { recursive: true, force: true });
});

const env = () => ({ HOME: home });
const idents = (ident: string) =>
  `GIT_COMMITTER_IDENT=${ident}\nGIT_AUTHOR_IDENT=${ident}\nGIT_DEFAULT_BRANCH=master\n`;

test("the user's identity and default branch, as `git var -l` reports them", () => {
  const output = `user.name=Ada\nuser.email=ada@example.org\ninit.defaultbranch=trunk\n${idents("Ada <ada@example.org> 1700000000 +0100")}`;
  expect(gitSettings(output, env())).toEqual({
    author: "Ada <ada@example.org> 1700000000 +0100",
    committer: "Ada <ada@example.org> 1700000000 +0100",
    branch: "trunk",
    globalExcludes: "",
  });
});

test("without a usable identity (a guessed email git would refuse) the fallback identity, on main", () => {
  const settings = gitSettings(idents("root <root@vm.(none)> 1700000000 +0000"), env());
  expect(settings?.author).toBe("scaffold <scaffold@localhost> 1700000000 +0000");
  expect(settings?.committer).toBe("scaffold <scaffold@localhost> 1700000000 +0000");
  expect(settings?.branch).toBe("main");
});

test("user.useConfigOnly without a configured email also gets the fallback identity", () => {
  const output = `user.useconfigonly=true\n${idents("root <root@host.example.org> 1700000000 +0000")}`;
  expect(gitSettings(output, env())?.author).toStartWith("scaffold <scaffold@localhost>");
});

test("the global excludes file: core.excludesFile (with ~) or ~/.config/git/ignore", async () => {
  await mkdir(join(home, ".config/git"), { recursive: true });
  await writeFile(join(home, ".config/git/ignore"), "*.swp\n");
  await writeFile(join(home, "my-ignore"), "*.bak\n");
  const ident = idents("Ada <ada@example.org> 1700000000 +0100");
  expect(gitSettings(ident, env())?.globalExcludes).toBe("*.swp\n");
  expect(gitSettings(`core.excludesfile=~/my-ignore\n${ident}`, env())?.globalExcludes).toBe("*.bak\n");
});

test("set-ups the direct writer does not reproduce: null, so git itself commits", () => {
  const ident = idents("Ada <ada@example.org> 1700000000 +0100");
  expect(gitSettings(`core.autocrlf=input\n${ident}`, env())).toBeNull();
  expect(gitSettings(`core.hookspath=/hooks\n${ident}`, env())).toBeNull();
  expect(gitSettings(`init.defaultobjectformat=sha256\n${ident}`, env())).toBeNull();
  expect(gitSettings(ident, { ...env(), GIT_DIR: "/elsewhere" })).toBeNull();
  expect(gitSettings(`includeif.gitdir:~/work/.path=~/.work.gitconfig\n${ident}`, env())).toBeNull();
  expect(gitSettings("garbage", env())).toBeNull();
});

test("gitignore patterns: folders only, anchoring, globs, scoped to their folder", () => {
  const rules = parseIgnore("node_modules/\n/build\n*.log\ndocs/**/tmp\n[ab].tmp\n", "");
  const nested = parseIgnore("gen.ts\n", "pkg/");
  if (!rules || !nested) throw new Error("parse failed");
  const all = ignoreMatcher([...rules, ...nested]);
  expect(isIgnored(all, "node_modules", true)).toBe(true);
  expect(isIgnored(all, "src/node_modules", true)).toBe(true);
  expect(isIgnored(all, "node_modules", false)).toBe(false);
  expect(isIgnored(all, "build", true)).toBe(true);
  expect(isIgnored(all, "src/build", true)).toBe(false);
  expect(isIgnored(all, "a/b/x.log", false)).toBe(true);
  expect(isIgnored(all, "docs/tmp", true)).toBe(true);
  expect(isIgnored(all, "docs/a/b/tmp", true)).toBe(true);
  expect(isIgnored(all, "a.tmp", false)).toBe(true);
  expect(isIgnored(all, "c.tmp", false)).toBe(false);
  expect(isIgnored(all, "pkg/gen.ts", false)).toBe(true);
  expect(isIgnored(all, "gen.ts", false)).toBe(false);
  expect(parseIgnore("!keep.log\n", "")).toBeNull();
  expect(parseIgnore("\\#file\n", "")).toBeNull();
});
