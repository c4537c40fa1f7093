/**
 * All or nothing around the migration step: a stand-in drizzle-kit (node_modules/.bin/drizzle-kit) writes part of a
 * migration, then fails or is interrupted with Ctrl-C (SIGINT): the project is byte for byte as before.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cliEnv, cliPath, useTempHome } from "../cli/run-cli.ts";
import { collectOutput } from "../support/process.ts";
import { projectFixtures, snapshot } from "./project-fixture.ts";

useTempHome();
setDefaultTimeout(60_000);
const fixtures = projectFixtures();
let markers = "";
beforeAll(async () => {
  await fixtures.setup();
  markers = await mkdtemp(join(tmpdir(), "scaffold-drizzle-kit-"));
}, 60_000);
afterAll(async () => {
  await fixtures.cleanup();
  await rm(markers, { recursive: true, force: true });
});

/** A project whose drizzle-kit writes a migration file and its journal, says so in `marker`, then runs `then`. */
async function projectWithDrizzleKit(marker: string, then: string): Promise<string> {
  const dir = await fixtures.project("minimal");
  await mkdir(join(dir, "node_modules/.bin"), { recursive: true });
  const script = `#!/bin/sh
echo "CREATE TABLE categories (id integer);" > drizzle/0001_add_categories.sql
echo "{}" > drizzle/meta/_journal.json
touch "${marker}"
${then}
`;
  await writeFile(join(dir, "node_modules/.bin/drizzle-kit"), script);
  await chmod(join(dir, "node_modules/.bin/drizzle-kit"), 0o755);
  return dir;
}

function addCategory(dir: string) {
  return Bun.spawn([process.execPath, cliPath, "add-model", "Category", "--fields", "name:string", "--yes"], {
    cwd: dir,
    env: cliEnv(),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
}

describe("add-model restores the project when the migration step fails", () => {
  test("drizzle-kit fails after writing files: exit 1, every file restored", async () => {
    const dir = await projectWithDrizzleKit(join(markers, "failed"), "echo 'schema error' >&2; exit 1");
    const before = await snapshot(dir);
    const result = await collectOutput(addCategory(dir));
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("the project was restored as it was: drizzle-kit generate failed (exit code 1)");
    expect(result.stderr).toContain("schema error");
    expect(await snapshot(dir)).toEqual(before);
  });

  test("Ctrl-C while drizzle-kit runs: exit 130, every file restored", async () => {
    const marker = join(markers, "interrupted");
    const dir = await projectWithDrizzleKit(marker, "exec sleep 30");
    const before = await snapshot(dir);
    const child = addCategory(dir);
    for (let i = 0; i < 200 && !existsSync(marker); i++) await Bun.sleep(50);
    expect(existsSync(marker)).toBe(true);
    child.kill("SIGINT");
    const result = await collectOutput(child);
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toContain("Interrupted: the project was restored as it was.");
    expect(await snapshot(dir)).toEqual(before);
  });
});
