/**
 * The curl walk-through of a generated project's README, run as its reader runs it: every `sh` block that calls curl,
 * in order, in one bash session (the variables it captures, like TOKEN, carry over), against the service started
 * with `npm start` on a fresh database. Only the port differs from the README.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { runCommand } from "../../support/generated-project.ts";
import { type RunningService, startService } from "../../support/runtimes.ts";
import type { Backend, OpenBackend } from "./backends.ts";

/** What each template's walk-through must show once it has run (every step also answered 2xx). */
const EXPECTED: Record<TemplateName, RegExp[]> = {
  full: [/"access_token":"[^"]+","refresh_token"/, /"data":\[\{"id":\d+,"email":"ada@example\.com"/],
  minimal: [/"name":"Ada Lovelace"/, /"message":"User \d+ deleted"/],
  graphql: [
    /"createUser":\{"id":"[^"]+","email":"ada@example\.com"/,
    /"users":\[\{"id":"[^"]+","email":"ada@example\.com"/,
  ],
};

/** The commands of the README's `sh` blocks that call curl, in order. */
function walkthroughScript(readme: string): string {
  const blocks = [...readme.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
  return blocks.filter((block) => /(^|\$\()curl /m.test(block)).join("\n");
}

export function describeReadmeWalkthrough(template: TemplateName, backend: Backend, project: () => string): void {
  describe("the README's curl walk-through", () => {
    let database: OpenBackend | undefined;
    let service: RunningService | undefined;
    beforeAll(async () => {
      database = await backend.open(project());
      service = await startService(project(), "node", { DATABASE_URL: database.databaseUrl() });
    }, 120_000);
    afterAll(async () => {
      service?.kill();
      await database?.close();
    }, 30_000);

    test("runs as written against the service: every call answers 2xx, the captured variables are set", async () => {
      const dir = project();
      const script = walkthroughScript(await readFile(join(dir, "README.md"), "utf8"));
      expect(script).toContain("curl ");
      const port = new URL((service as RunningService).url).port;
      // A failing call (HTTP 4xx/5xx), an unset variable or a failing pipe stops the run with its exit code.
      const strict = 'set -euo pipefail\ncurl() { command curl --fail-with-body "$@"; }\n';
      const run = await runCommand("bash", ["-c", strict + script.replaceAll("localhost:8080", `localhost:${port}`)], {
        cwd: dir,
        timeoutMs: 60_000,
      });
      if (run.code !== 0) throw new Error(`the walk-through stopped with exit code ${run.code}:\n${run.output}`);
      // GraphQL answers its errors with 200.
      expect(run.output).not.toMatch(/"errors"|"status":"error"/);
      for (const expected of EXPECTED[template]) expect(run.output).toMatch(expected);
    }, 90_000);
  });
}
