/** The confirmation of add-model on a real pseudo-terminal (util-linux `script`), as a user answers it. */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { useTempHome } from "../cli/run-cli.ts";
import { missing } from "../support/env.ts";
import { ptySession, scriptTool } from "../support/pty-session.ts";
import { projectFixtures, snapshot } from "./project-fixture.ts";

useTempHome();
setDefaultTimeout(60_000);
const fixtures = projectFixtures();
beforeAll(() => fixtures.setup(), 60_000);
afterAll(() => fixtures.cleanup());

/** `scaffold add-model Category …` on a fresh pty in `cwd`. */
const session = (cwd: string) => ptySession(cwd, "add-model Category --fields name:string");

describe.skipIf(missing("script (util-linux)", scriptTool))("add-model asks before writing, on a terminal", () => {
  test("the plan, then y: applied", async () => {
    const dir = await fixtures.project("minimal");
    const s = session(dir);
    await s.waitFor("Apply these changes? [y/N]");
    expect(s.screen()).toContain("src/categories/categories.routes.ts");
    await s.type("y\r");
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toContain("Added Category");
    expect(existsSync(join(dir, "src/categories/categories.module.ts"))).toBe(true);
  });

  test("n and an empty answer: exit 0, nothing changed; Ctrl-C: exit 130, nothing written", async () => {
    for (const [answer, code, message] of [
      ["n\r", 0, "Not applied: nothing changed."],
      ["\r", 0, "Not applied: nothing changed."],
      ["\u0003", 130, "Cancelled: nothing was written."],
    ] as const) {
      const dir = await fixtures.project("full");
      const before = await snapshot(dir);
      const s = session(dir);
      await s.waitFor("Apply these changes? [y/N]");
      await s.type(answer);
      expect([JSON.stringify(answer), await s.exitCode()]).toEqual([JSON.stringify(answer), code]);
      expect(s.screen()).toContain(message);
      if (code === 0) expect(s.screen()).not.toContain("error:");
      expect(await snapshot(dir)).toEqual(before);
    }
  });
});
