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

const KEYS: Record<string, string> = {
  Enter: "\r",
  Down: "\u001b[B",
  "C-u": "\u0015",
  "C-c": "\u0003",
  "C-d": "\u0004",
};

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
    const s = await session();
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
    expect(manifest).toMatchObject({ template: "full", database: "mysql", observability: "basic" });
  }, 30_000);

  test("flags given with -i are the starting answers: Enter keeps each one", async () => {
    const s = await session("demo -t graphql -d sqlite");
    await s.waitFor("Project name (demo)");
    await s.keys("Enter");
    await s.waitFor("Template");
    expect(s.screen()).toContain("● graphql");
    await s.keys("Enter");
    await s.waitFor("Database");
    expect(s.screen()).toContain("● sqlite");
    await s.keys("Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/template\s+graphql\s+database\s+sqlite/);
    await s.keys("Enter");
    expect(await s.exitCode()).toBe(0);
    const manifest = JSON.parse(await readText(join(s.cwd, "demo/scaffold.json")));
    expect(manifest).toMatchObject({ template: "graphql", database: "sqlite", observability: "none" });
  }, 30_000);

  test("-o is the observability question's starting answer, and it can still be changed", async () => {
    const s = await session("demo -o advanced -d sqlite");
    await s.waitFor("Project name (demo)");
    await s.keys("Enter");
    for (const question of ["Template", "Database"]) {
      await s.waitFor(question);
      await s.keys("Enter");
    }
    await s.waitFor("Observability");
    expect(s.screen()).toContain("● advanced");
    await s.keys("Down", "Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/observability\s+none/);
    await s.keys("C-c");
    expect(await s.exitCode()).toBe(130);
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

  /** The questions of `scaffold -i demo` in order (Enter at each one reaches the next). */
  const QUESTIONS = ["Project name", "Template", "Database", "Observability", "Create this project?"];

  /** Ends the input at the question `index`: cancelled like Ctrl-C (exit 130, one line, nothing written), at once. */
  async function endInputAt(index: number, end: (s: Awaited<ReturnType<typeof session>>) => Promise<void>) {
    const s = await session("demo");
    for (const previous of QUESTIONS.slice(0, index)) {
      await s.waitFor(previous);
      await s.keys("Enter");
    }
    const question = QUESTIONS[index] ?? "";
    await s.waitFor(question);
    await Bun.sleep(100);
    await end(s);
    // Before the fix a select never settled: Bun spun at full CPU, Node.js exited 13.
    const exitCode = await Promise.race([s.exitCode(), Bun.sleep(2_000).then(() => "still running after 2 s")]);
    expect({ question, exitCode }).toEqual({ question, exitCode: 130 });
    expect(s.screen()).toContain("error: Cancelled: nothing was written.");
    expect(await readdir(s.cwd)).toEqual([]);
  }

  test("Ctrl-D at any question cancels like Ctrl-C, at once", async () => {
    for (const index of QUESTIONS.keys()) await endInputAt(index, (s) => s.keys("C-d"));
  }, 60_000);

  test("input that ends (a closed pipe into the terminal) at any question cancels the same way", async () => {
    for (const index of QUESTIONS.keys()) await endInputAt(index, (s) => s.closeInput());
  }, 60_000);

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
