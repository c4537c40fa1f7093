import { describe, expect, test } from "bun:test";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { foreignDatabaseUrls, serverlessDatabaseUrl } from "../test/support/database-urls.ts";
import { templateEnv } from "../test/support/template-env.ts";

const main = resolve("src/main.ts");

/**
 * Runs `src/main.ts` on this runtime in an empty folder (no .env) with only `env` (plus PATH), until it exits: its
 * exit code, what it printed, and the folder.
 */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string; cwd: string }> {
  const cwd = mkdtempSync(join(tmpdir(), "main-test-"));
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [main], {
      cwd,
      env: { PATH: process.env.PATH ?? "", APP_ENV: "production", ...templateEnv, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    // Still running by then means it started: the test fails. PGlite alone can take 15 s to boot on a busy machine.
    const timer = setTimeout(() => child.kill("SIGKILL"), 25_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, output: output.trim(), cwd });
    });
  });
}

function listenOnFreePort(): Promise<Server> {
  return new Promise((listening) => {
    const server = createServer();
    server.listen(0, "0.0.0.0", () => listening(server));
  });
}

describe("start-up failures: one line and a non-zero exit", () => {
  test.skipIf(serverlessDatabaseUrl === undefined)(
    "a busy port names the port and the PORT setting",
    async () => {
      const busy = await listenOnFreePort();
      const port = (busy.address() as { port: number }).port;
      try {
        const { code, output } = await runMain({
          DATABASE_URL: serverlessDatabaseUrl as string,
          PORT: String(port),
        });
        expect(code).toBe(1);
        // After the log line of the migrations, which ran before the server tried to listen.
        expect(output.split("\n").at(-1)).toBe(
          `Port ${port} is already in use: stop what uses it, or set PORT to a free port`,
        );
      } finally {
        busy.close();
      }
    },
    30_000,
  );

  test("an invalid setting", async () => {
    const { code, output } = await runMain({ PORT: "eighty" });
    expect(code).toBe(1);
    expect(output).toStartWith("Invalid configuration: PORT: ");
    expect(output).not.toContain("\n");
  }, 20_000);

  test("a DATABASE_URL of another database is refused before anything is created", async () => {
    const { code, output, cwd } = await runMain({
      DATABASE_URL: foreignDatabaseUrls[0] as string,
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(output).toStartWith("Invalid configuration: DATABASE_URL: ");
    expect(readdirSync(cwd)).toEqual([]); // no file or folder made from the URL
  }, 20_000);
});
