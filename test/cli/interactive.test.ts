/** Interactive mode through a real pseudo-terminal (test/support/pty-session.ts), keys typed as a user types them. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { missing } from "../support/env.ts";
import { ptySession, scriptTool } from "../support/pty-session.ts";
import { readText, tempDir, useTempHome } from "./run-cli.ts";

useTempHome();

let work: string;
let counter = 0;
/** Every pty session started, killed at the end even when a test timed out waiting for it. */
const sessions: { kill(): void }[] = [];

beforeAll(async () => {
  work = await tempDir("scaffold-interactive-");
});
afterAll(async () => {
  for (const child of sessions) child.kill();
  await rm(work, { recursive: true, force: true });
});

const KEYS: Record<string, string> = { Enter: "\r", Down: "\u001b[B", "C-u": "\u0015", "C-c": "\u0003" };

/** Starts `scaffold -i` on a fresh pty; keys are typed one by one, with the pause a user leaves between them. */
async function session(extraArgs = "") {
  const cwd = join(work, `s${++counter}`);
  await mkdir(cwd);
  const pty = ptySession(cwd, `-i ${extraArgs}`);
  sessions.push(pty);
  return {
    ...pty,
    cwd,
    async keys(...keys: string[]) {
      for (const key of keys) {
        await pty.type(KEYS[key] ?? key);
        await Bun.sleep(60);
      }
    },
  };
}

describe.skipIf(missing("script (util-linux)", scriptTool))("scaffold --interactive in a terminal", () => {
  test("asks name, template, database, observability, shows a summary, confirms with default y", async () => {
    const s = await session("--database sqlite");
    await s.waitFor("Project name");
    await s.keys("my-api", "Enter");
    await s.waitFor("Template");
    await s.keys("Enter");
    await s.waitFor("Database");
    await s.keys("Down", "Enter");
    await s.waitFor("Observability");
    await s.keys("Down", "Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/database\s+mysql/);
    await s.keys("Enter");
    expect(await s.exitCode()).toBe(0);
    const manifest = JSON.parse(await readText(join(s.cwd, "my-api/scaffold.json")));
    // --database sqlite on the command line is ignored in interactive mode.
    expect(manifest).toMatchObject({ template: "full", database: "mysql", observability: "basic" });
  }, 30_000);

  test("rejects an invalid name as typed and asks again; observability is not asked for other templates", async () => {
    const s = await session();
    await s.waitFor("Project name");
    await s.keys("Bad/Name", "Enter");
    await s.waitFor('Invalid project name "Bad/Name"');
    await s.keys("C-u", "good-name", "Enter");
    await s.waitFor("Template");
    await s.keys("Down");
    await s.waitFor("graphql");
    await s.keys("Enter");
    await s.waitFor("Database");
    await s.keys("Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).not.toContain("Observability");
    expect(s.screen()).toMatch(/template\s+graphql/);
    await s.keys("n");
    await Bun.sleep(100);
    await s.keys("Enter");
    expect(await s.exitCode()).toBe(1);
    expect(await readdir(s.cwd)).toEqual([]);
  }, 30_000);

  test("answering n writes nothing", async () => {
    const s = await session("demo");
    await s.waitFor("Project name");
    await s.keys("Enter");
    for (const question of ["Template", "Database", "Observability"]) {
      await s.waitFor(question);
      await s.keys("Enter");
    }
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/project\s+demo/);
    await s.keys("n");
    await Bun.sleep(100);
    await s.keys("Enter");
    expect(await s.exitCode()).toBe(1);
    expect(s.screen()).toContain("Cancelled: nothing was written.");
    expect(await readdir(s.cwd)).toEqual([]);
  }, 30_000);

  test("Ctrl-C at a question exits 130 with nothing written", async () => {
    for (const steps of [[], ["my-api", "Enter"]]) {
      const s = await session();
      await s.waitFor("Project name");
      await s.keys(...steps);
      if (steps.length) await s.waitFor("Template");
      await s.keys("C-c");
      expect(await s.exitCode()).toBe(130);
      expect(s.screen()).toContain("Cancelled: nothing was written.");
      expect(await readdir(s.cwd)).toEqual([]);
    }
  }, 30_000);
});
