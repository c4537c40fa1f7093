import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import GithubSlugger from "github-slugger";

const root = join(import.meta.dir, "..", "..");

function trackedFiles(): string[] {
  const listed = Bun.spawnSync(["git", "ls-files", "-z"], { cwd: root });
  if (listed.exitCode !== 0) throw new Error(`git ls-files failed: ${listed.stderr.toString()}`);
  return listed.stdout
    .toString()
    .split("\0")
    .filter((path) => path !== "" && existsSync(join(root, path)));
}

/** Text files only: a NUL byte in the first 8 KiB is what git itself takes for binary. */
function readText(path: string): string | undefined {
  const bytes = readFileSync(join(root, path));
  return bytes.subarray(0, 8192).includes(0) ? undefined : bytes.toString("utf8");
}

/** The work is dated by git, not by the round of work that did it (the word "session" or "sessions" and a number). */
const ROUND_OF_WORK = /\bsessions?\s+\d+/i;

function roundDatings(path: string, text: string): string[] {
  return text.split("\n").flatMap((line, index) => (ROUND_OF_WORK.test(line) ? [`${path}:${index + 1}: ${line}`] : []));
}

/** Markdown without its fenced blocks and code spans, where a bracket is code, not a link. */
function prose(markdown: string): string {
  let fenced = false;
  const lines = markdown.split("\n").map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`+[^`]*`+/g, "");
  });
  return lines.join("\n");
}

/** Targets of inline links and images (`[text](target)`) and of link definitions (`[label]: target`). */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] as string);
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1] as string);
  return [...inline, ...defined];
}

/** The anchors GitHub gives a document's headings (a code span's text is kept, its backticks dropped), and `<a id>`s. */
function anchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const found = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) found.add(slugger.slug((heading[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")));
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(match[1] as string);
  return found;
}

/** What is wrong with one relative link of `from`, or undefined when it resolves. */
function brokenLink(from: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return undefined;
  const [pathPart = "", anchor] = target.split("#", 2);
  const path = decodeURIComponent(pathPart);
  const file = path === "" ? join(root, from) : join(root, dirname(from), path);
  if (relative(root, file).startsWith("..")) return `${from}: ${target} points outside the repository`;
  if (!existsSync(file)) return `${from}: ${target} names a file that does not exist`;
  if (anchor === undefined || anchor === "" || !file.endsWith(".md") || statSync(file).isDirectory()) return undefined;
  if (!anchors(readFileSync(file, "utf8")).has(decodeURIComponent(anchor))) {
    return `${from}: ${target} names a heading that ${relative(root, file)} does not have`;
  }
  return undefined;
}

const documents = () =>
  trackedFiles().filter(
    (path) =>
      path === "README.md" ||
      path === "CONTRIBUTING.md" ||
      path === "templates/README.md" ||
      /^docs\/[^/]+\.md$/.test(path),
  );

describe("repository text", () => {
  test("the checks catch what they look for", () => {
    expect(roundDatings("x.md", `first line\nfigures of ${"Session"} 12 (Xeon)`)).toEqual([
      `x.md:2: figures of ${"Session"} 12 (Xeon)`,
    ]);
    expect(roundDatings("x.md", `${"sessions"} 8, 9 and 10`)).toHaveLength(1);
    expect(roundDatings("x.md", "a session cookie; sessions expire after 15 minutes")).toEqual([]);

    const doc = "# Speed\n\n## `npm run bench:cli`\n\n```md\n[in a block](missing.md)\n```\n[code](`x`)";
    expect(linkTargets(doc)).toEqual([]);
    expect(anchors(doc)).toContain("speed");
    expect(anchors(doc)).toContain("npm-run-benchcli");
    expect(brokenLink("README.md", "docs/cli.md")).toBeUndefined();
    expect(brokenLink("README.md", "docs/no-such-page.md")).toContain("does not exist");
    expect(brokenLink("README.md", "docs/cli.md#no-such-heading")).toContain("does not have");
    expect(brokenLink("docs/cli.md", "../README.md#benchmarks")).toBeUndefined();
    expect(brokenLink("README.md", "https://example.com/x.md")).toBeUndefined();
  });

  test("no tracked text file dates the work by its rounds", () => {
    const found = trackedFiles().flatMap((path) => {
      const text = readText(path);
      return text === undefined ? [] : roundDatings(path, text);
    });
    expect(found).toEqual([]);
  });

  test("every relative link of README.md, CONTRIBUTING.md and docs/ resolves, anchors included", () => {
    const checked = documents();
    expect(checked).toContain("README.md");
    expect(checked).toContain("CONTRIBUTING.md");
    const broken = checked.flatMap((path) =>
      linkTargets(readFileSync(join(root, path), "utf8")).flatMap((target) => brokenLink(path, target) ?? []),
    );
    expect(broken).toEqual([]);
  });
});
