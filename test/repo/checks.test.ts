import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { collectOutput } from "../support/process.ts";

const root = join(import.meta.dir, "..", "..");
const bin = (name: string) => join(root, "node_modules", ".bin", name);

async function run(command: string[]): Promise<{ code: number; output: string }> {
  const { exitCode, stdout, stderr } = await collectOutput(
    Bun.spawn(command, { cwd: root, stdout: "pipe", stderr: "pipe" }),
  );
  return { code: exitCode, output: stdout + stderr };
}

describe("repository checks", () => {
  test("type-checks with tsc --noEmit", async () => {
    const { code, output } = await run([bin("tsc"), "--noEmit"]);
    expect(output).toBe("");
    expect(code).toBe(0);
  }, 180_000);

  test("passes biome check (lint and format)", async () => {
    const { code, output } = await run([bin("biome"), "check", "--error-on-warnings", "."]);
    if (code !== 0) console.error(output);
    expect(code).toBe(0);
  }, 60_000);
});
