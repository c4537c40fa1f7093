import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { dirname } from "node:path";
import { expectSuccess, generateFullProject, npmInstall, npmRun } from "../../support/generated-project.ts";
import { RUNTIMES, START_SCRIPTS } from "../../support/runtimes.ts";

const DEVELOPMENT_SECRET = "development-only-secret-change-me-0123456789abcdef";
const SECRET = "a-random-production-secret-of-32-bytes-or-more";

/** The last line the start script printed (npm's own lines come before it), and that the script failed. */
function lastLine(output: string): string {
  return output.trim().split("\n").at(-1) ?? "";
}

/**
 * Start-up failures of a generated service on each runtime: one line that says what to change, a non-zero exit
 * (issue 10, items 5 and 8). One SQLite project; the DATABASE_URL check of each database is in the projects' own tests.
 */
describe("generated service start-up failures", () => {
  let dir = "";
  let busy: Server | undefined;
  let busyPort = 0;

  beforeAll(async () => {
    dir = await generateFullProject("sqlite");
    expectSuccess("npm install", await npmInstall(dir));
    busy = createServer();
    await new Promise<void>((listening) => busy?.listen(0, "0.0.0.0", listening));
    busyPort = (busy.address() as { port: number }).port;
  }, 600_000);

  afterAll(async () => {
    busy?.close();
    if (dir) await rm(dirname(dir), { recursive: true, force: true });
  }, 60_000);

  for (const runtime of RUNTIMES) {
    const start = (env: Record<string, string>) =>
      npmRun(dir, START_SCRIPTS[runtime], { APP_ENV: "production", DATABASE_URL: ":memory:", ...env }, 30_000);

    test(`${runtime}: a busy port is one line naming the port and PORT`, async () => {
      const result = await start({ JWT_SECRET: SECRET, PORT: String(busyPort) });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull(); // null: still running after 30 s
      expect(lastLine(result.output)).toBe(
        `Port ${busyPort} is already in use: stop what uses it, or set PORT to a free port`,
      );
      expect(result.output).not.toMatch(/\n\s+at /); // no stack trace
    }, 40_000);

    test(`${runtime}: production refuses the published development JWT_SECRET in one line`, async () => {
      const result = await start({ JWT_SECRET: DEVELOPMENT_SECRET, PORT: "0" });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(lastLine(result.output)).toStartWith("Invalid configuration: JWT_SECRET: is the published development");
    }, 40_000);

    test(`${runtime}: a MySQL DATABASE_URL in a SQLite project is a configuration error`, async () => {
      const result = await start({ JWT_SECRET: SECRET, PORT: "0", DATABASE_URL: "mysql://root@127.0.0.1:3306/app" });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(lastLine(result.output)).toStartWith("Invalid configuration: DATABASE_URL: must be a SQLite file");
    }, 40_000);

    test(`${runtime}: a SQLite path that cannot be a file is one line naming it and DATABASE_URL`, async () => {
      const result = await start({ JWT_SECRET: SECRET, PORT: "0", DATABASE_URL: "file:./package.json/app.sqlite" });
      expect(result.code).toBe(1);
      expect(lastLine(result.output)).toStartWith('Cannot open the SQLite database "./package.json/app.sqlite" (');
      expect(lastLine(result.output)).toEndWith("): check DATABASE_URL and that path");
      expect(result.output).not.toMatch(/\n\s+at /);
    }, 40_000);
  }
});
