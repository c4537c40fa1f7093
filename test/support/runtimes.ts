import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { projectEnv } from "./generated-project.ts";
import { waitForOk } from "./http.ts";
import { oldestNodeBin } from "./oldest-node.ts";
import { freePort } from "./ports.ts";
import { leafProcess } from "./process-tree.ts";

export const RUNTIMES = ["node", "bun", "deno"] as const;
export type Runtime = (typeof RUNTIMES)[number];

/** Where the tests boot generated services: the three runtimes, and Node.js at the oldest version the projects declare. */
export const BOOT_RUNTIMES = [...RUNTIMES, "oldest node"] as const;
export type BootRuntime = (typeof BOOT_RUNTIMES)[number];

/** The generated project's npm script that starts the service on each runtime. */
export const START_SCRIPTS: Record<Runtime, string> = { node: "start", bun: "start:bun", deno: "start:deno" };

const OUTPUT_TAIL = 200_000;

export interface RunningService {
  url: string;
  /** The last things the service printed (stdout and stderr), for failure messages. */
  output(): string;
  alive(): boolean;
  /** The server process itself (not npm or the shell in between). */
  pid(): number;
  /** Sends `signal` to the server process itself (not to npm) and waits for the command to end: its exit code. */
  stop(signal: NodeJS.Signals, timeoutMs: number): Promise<{ code: number | null; ms: number }>;
  /** Last resort for clean-up: kills the whole process group. */
  kill(): void;
}

/** `npm run <start script>` on a free port; resolves once `GET /health` answers 200. */
export async function startService(
  dir: string,
  runtime: BootRuntime,
  env: Record<string, string>,
  bootTimeoutMs = 60_000,
): Promise<RunningService> {
  if (runtime === "oldest node") {
    // `npm start` with that Node.js first on PATH (npm itself then runs on it too).
    const path = `${await oldestNodeBin()}:${projectEnv().PATH}`;
    return launchServer(dir, runtime, ["npm", "run", START_SCRIPTS.node], { ...env, PATH: path }, bootTimeoutMs);
  }
  return launchServer(dir, runtime, ["npm", "run", START_SCRIPTS[runtime]], env, bootTimeoutMs);
}

/**
 * Runs `command` in `dir` with `PORT` set to a free port; resolves once `GET /health` answers 200. The environment is
 * this process's plus the repository's runtimes on PATH plus `env`, or only `env` with `inheritEnv: false`.
 */
export async function launchServer(
  dir: string,
  label: string,
  [command, ...args]: [string, ...string[]],
  env: Record<string, string>,
  bootTimeoutMs = 60_000,
  { inheritEnv = true } = {},
): Promise<RunningService> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The service writes to a file, not a pipe read by this process: under load it logs one line per request, and
  // reading those here would compete with the service (and the load generator) for the same cores.
  const logFile = join(dir, `.service-${port}.log`);
  const log = openSync(logFile, "w");
  const child: ChildProcess = spawn(command, args, {
    cwd: dir,
    env: inheritEnv ? projectEnv({ ...env, PORT: String(port) }) : { ...env, PORT: String(port) },
    stdio: ["ignore", log, log],
    detached: true,
  });
  closeSync(log);
  const output = () => readFileSync(logFile, "utf8").slice(-OUTPUT_TAIL);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  const alive = () => exitCode === undefined;
  const kill = () => {
    if (alive() && child.pid) process.kill(-child.pid, "SIGKILL");
  };

  try {
    await waitForOk(`${url}/health`, bootTimeoutMs, alive);
  } catch (error) {
    kill();
    throw new Error(`${label} boot failed: ${(error as Error).message}\n--- output ---\n${output()}`);
  }

  return {
    url,
    output,
    alive,
    kill,
    pid: () => leafProcess(child.pid as number),
    async stop(signal, timeoutMs) {
      const started = performance.now();
      process.kill(leafProcess(child.pid as number), signal);
      const timeout = Bun.sleep(timeoutMs).then(() => "timeout" as const);
      const result = await Promise.race([exited, timeout]);
      if (result === "timeout") {
        kill();
        throw new Error(`service did not exit within ${timeoutMs} ms of ${signal}\n--- output ---\n${output()}`);
      }
      return { code: result, ms: performance.now() - started };
    },
  };
}
