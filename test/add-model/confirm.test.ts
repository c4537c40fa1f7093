/** The confirmation of add-model on a real pseudo-terminal (util-linux `script`), as a user answers it. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { cliPath, home, useTempHome } from "../cli/run-cli.ts";
import { findTool, missing } from "../support/env.ts";
import { projectFixtures, snapshot } from "./project-fixture.ts";

useTempHome();
setDefaultTimeout(60_000);
const fixtures = projectFixtures();
beforeAll(() => fixtures.setup(), 60_000);
afterAll(() => fixtures.cleanup());

const script = findTool("script");

/** `scaffold add-model Category …` on a fresh pty in `cwd`; helpers to wait for text and to type. */
function session(cwd: string) {
  const command = `stty cols 120 rows 50; exec ${process.execPath} ${cliPath} add-model Category --fields name:string`;
  const child = Bun.spawn([script ?? "script", "-qefc", command, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: home, NO_COLOR: "1", TERM: "xterm-256color" },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) output += decoder.decode(chunk, { stream: true });
  })();
  const screen = () => stripVTControlCharacters(output);
  return {
    screen,
    async waitFor(text: string) {
      for (let i = 0; i < 200 && !screen().includes(text); i++) await Bun.sleep(50);
      if (!screen().includes(text)) throw new Error(`timed out waiting for "${text}"; screen:\n${screen()}`);
    },
    async type(text: string) {
      child.stdin.write(text);
      await child.stdin.flush();
    },
    async exitCode() {
      const code = await child.exited;
      await reading;
      return code;
    },
  };
}

describe.skipIf(missing("script (util-linux)", script))("add-model asks before writing, on a terminal", () => {
  test("the plan, then y: applied", async () => {
    const dir = await fixtures.project("minimal");
    const s = session(dir);
    await s.waitFor("Apply these changes? [y/N]");
    expect(s.screen()).toContain("src/adapters/http/categories.routes.ts");
    await s.type("y\r");
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toContain("Added Category");
    expect(existsSync(join(dir, "src/modules/categories.module.ts"))).toBe(true);
  });

  test("n, an empty answer, and Ctrl-C: nothing written", async () => {
    for (const [answer, code, message] of [
      ["n\r", 1, "Cancelled: nothing was written."],
      ["\r", 1, "Cancelled: nothing was written."],
      ["\u0003", 130, "Cancelled: nothing was written."],
    ] as const) {
      const dir = await fixtures.project("full");
      const before = await snapshot(dir);
      const s = session(dir);
      await s.waitFor("Apply these changes? [y/N]");
      await s.type(answer);
      expect([JSON.stringify(answer), await s.exitCode()]).toEqual([JSON.stringify(answer), code]);
      expect(s.screen()).toContain(message);
      expect(await snapshot(dir)).toEqual(before);
    }
  });
});
