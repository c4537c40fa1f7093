/** docs/cli.md quotes a dry run of `scaffold new my-api`: its counts must be those of a real run of this tree. */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { readText, repoRoot, runCli, useTempCwd, useTempHome } from "./run-cli.ts";

useTempHome();

const workDir = useTempCwd();

test("the dry-run example in docs/cli.md has the file and directory counts of a real dry run", async () => {
  const { exitCode, stdout } = await runCli(["new", "my-api", "--dry-run", "--json"], workDir());
  expect(exitCode).toBe(0);
  const { files, directories } = JSON.parse(stdout).summary as { files: number; directories: number };
  const docs = await readText(join(repoRoot, "docs/cli.md"));
  const line = docs.match(/\(`(\d+) files in (\d+) directories would be created in my-api\//);
  const json = docs.match(/"summary": \{ "files": (\d+), "directories": (\d+) \}/);
  for (const quoted of [line, json]) {
    expect({ files: Number(quoted?.[1]), directories: Number(quoted?.[2]) }).toEqual({ files, directories });
  }
});

test("every file line of the dry-run excerpt in docs/cli.md is a line of a real dry run", async () => {
  const { exitCode, stdout } = await runCli(["new", "my-api", "--dry-run"], workDir());
  expect(exitCode).toBe(0);
  const docs = await readText(join(repoRoot, "docs/cli.md"));
  const excerpt = docs.match(/```\n(Files \(and the template layers they come from\):\n[^`]*)```/)?.[1];
  const lines = excerpt?.trimEnd().split("\n") ?? [];
  expect(lines.length).toBeGreaterThan(3);
  const real = new Set(stdout.split("\n"));
  expect(lines.filter((line) => !real.has(line))).toEqual([]);
});
