/** Interactive mode through a real pseudo-terminal (tmux), keys sent as a user would type them. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { findTool, missing } from "../support/env.ts";
import { cliPath, home, readText, tempDir } from "./run-cli.ts";

const tmux = findTool("tmux");
const socket = `scaffold-test-${process.pid}`;
let work: string;
let counter = 0;

beforeAll(async () => {
  work = await tempDir("scaffold-interactive-");
});
afterAll(async () => {
  if (tmux) Bun.spawnSync([tmux, "-L", socket, "kill-server"]);
  await rm(work, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const tmuxRun = (...args: string[]) => Bun.spawnSync([tmux ?? "tmux", "-L", socket, ...args]).stdout.toString();

/** Starts `scaffold -i` in a fresh pty session; returns helpers to wait for text and to type keys. */
async function session(extraArgs = "") {
  const name = `s${++counter}`;
  const cwd = join(work, name);
  await mkdir(cwd);
  const exitFile = join(cwd, "..", `${name}.exit`);
  const command = `env HOME=${home} NO_COLOR=1 TERM=xterm-256color ${process.execPath} ${cliPath} -i ${extraArgs}; echo $? > ${exitFile}; sleep 30`;
  tmuxRun("new-session", "-d", "-s", name, "-x", "120", "-y", "50", "-c", cwd, command);
  const screen = () => tmuxRun("capture-pane", "-p", "-t", name, "-S", "-100");
  return {
    cwd,
    screen,
    async waitFor(text: string) {
      for (let i = 0; i < 200; i++) {
        if (screen().includes(text)) return;
        await Bun.sleep(50);
      }
      throw new Error(`timed out waiting for "${text}"; screen:\n${screen()}`);
    },
    keys: (...keys: string[]) => tmuxRun("send-keys", "-t", name, ...keys),
    async exitCode() {
      for (let i = 0; i < 400; i++) {
        const file = Bun.file(exitFile);
        if (await file.exists()) return Number((await file.text()).trim());
        await Bun.sleep(50);
      }
      throw new Error(`no exit; screen:\n${screen()}`);
    },
  };
}

describe.skipIf(missing("tmux", tmux))("scaffold --interactive in a terminal", () => {
  test("asks name, template, database, observability, shows a summary, confirms with default y", async () => {
    const s = await session("--database sqlite");
    await s.waitFor("Project name");
    s.keys("my-api", "Enter");
    await s.waitFor("Template");
    s.keys("Enter");
    await s.waitFor("Database");
    s.keys("Down", "Enter");
    await s.waitFor("Observability");
    s.keys("Down", "Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/database\s+mysql/);
    s.keys("Enter");
    expect(await s.exitCode()).toBe(0);
    const manifest = JSON.parse(await readText(join(s.cwd, "my-api/scaffold.json")));
    // --database sqlite on the command line is ignored in interactive mode.
    expect(manifest).toMatchObject({ template: "full", database: "mysql", observability: "basic" });
  }, 30_000);

  test("rejects an invalid name as typed and asks again; observability is not asked for other templates", async () => {
    const s = await session();
    await s.waitFor("Project name");
    s.keys("Bad/Name", "Enter");
    await s.waitFor('Invalid project name "Bad/Name"');
    s.keys("C-u", "good-name", "Enter");
    await s.waitFor("Template");
    s.keys("Down", "Enter");
    await s.waitFor("Database");
    s.keys("Enter");
    await s.waitFor("Create this project?");
    expect(s.screen()).not.toContain("Observability");
    expect(s.screen()).toMatch(/template\s+graphql/);
    s.keys("Enter");
    // graphql is not in this release's templates: refused after the questions, nothing written.
    expect(await s.exitCode()).toBe(2);
    expect(s.screen()).toContain("--template graphql is not available");
    expect(await readdir(s.cwd)).toEqual([]);
  }, 30_000);

  test("answering n writes nothing", async () => {
    const s = await session("demo");
    await s.waitFor("Project name");
    s.keys("Enter");
    for (const question of ["Template", "Database", "Observability"]) {
      await s.waitFor(question);
      s.keys("Enter");
    }
    await s.waitFor("Create this project?");
    expect(s.screen()).toMatch(/project\s+demo/);
    s.keys("n");
    await Bun.sleep(100);
    s.keys("Enter");
    expect(await s.exitCode()).toBe(1);
    expect(s.screen()).toContain("Cancelled: nothing was written.");
    expect(await readdir(s.cwd)).toEqual([]);
  }, 30_000);
});
