import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";

const logger = resolve("src/platform/logger.ts");

/** Runs `script` on this runtime with `createLogger` in scope, in production mode; what it wrote to stdout. */
function runWithProductionLogger(script: string): { status: number | null; stdout: string } {
  const source = `import { createLogger } from ${JSON.stringify(logger)};
const log = createLogger({ appEnv: "production", service: "logger-test" });
${script}`;
  const child = spawnSync(process.execPath, ["--eval", source], { encoding: "utf8", timeout: 20_000 });
  return { status: child.status, stdout: child.stdout };
}

describe("production logger", () => {
  test("writes one JSON line per entry to stdout, UTF-8 intact, pending lines included when the process exits", () => {
    const { status, stdout } = runWithProductionLogger(`
log.info({ city: "Zürich", note: "naïve café ☕ 🚀" }, "first");
for (let i = 0; i < 1000; i++) log.info({ i }, "bulk");
log.warn("last: ő");
process.exit(3);`);
    expect(status).toBe(3);
    const lines = stdout
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(1002);
    expect(lines[0]).toMatchObject({
      level: 30,
      service: "logger-test",
      city: "Zürich",
      note: "naïve café ☕ 🚀",
      msg: "first",
    });
    expect(lines.slice(1, 1001).map((line) => line.i)).toEqual([...Array(1000).keys()]);
    expect(lines[1001]).toMatchObject({ level: 40, msg: "last: ő" });
  });
});
