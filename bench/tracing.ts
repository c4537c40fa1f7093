/**
 * What tracing costs a request of the generated `full -o advanced` service, at the sampling a production deployment
 * would choose:
 *
 *   npx bun bench/tracing.ts     (needs wrk: apt-get install -y wrk)
 *
 * One project (SQLite), three services side by side on the same runtime, exporting over OTLP/gRPC to a receiver in
 * this process: tracing off (`OTEL_SDK_DISABLED=true`), every request sampled (`parentbased_always_on`, the default)
 * and the README's advice (`parentbased_traceidratio`, `OTEL_TRACES_SAMPLER_ARG=0.1`). They are driven with wrk on
 * `GET /api/v1/users/:id` (a valid token; a span and its two statement spans when sampled) and on `GET /health` (never
 * traced: the control, whose ratios should stay near 1). Each round measures the three back to back; a row's figures
 * are the medians of its rounds, its ratios the medians of its per-round ratios to "off". The extra CPU time per
 * request is the sampled service's minus the untraced one's.
 *
 * Variables: BENCH_RUNTIMES (default `node`; `node,bun,deno`), BENCH_SECONDS (per measurement, default 5),
 * BENCH_ROUNDS (default 5), BENCH_CONNECTIONS (default 50). Servers run on core 0, wrk on core 1 when taskset is
 * there. The machines are shared: read the CPU ratios, steadier than requests/s.
 */
import { rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { ContractClient } from "../test/e2e/generated/contract-client.ts";
import { expectSuccess, generateProject, npmInstall, runCommand } from "../test/support/generated-project.ts";
import { startOtlpReceiver } from "../test/support/otlp-receiver.ts";
import { procStat } from "../test/support/process-tree.ts";
import { RUNTIMES, type RunningService, type Runtime, startService } from "../test/support/runtimes.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

const SETTINGS = {
  off: { OTEL_SDK_DISABLED: "true" },
  "100%": { OTEL_TRACES_SAMPLER: "parentbased_always_on" },
  "ratio 0.1": { OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" },
} as const;
type Setting = keyof typeof SETTINGS;
const NAMES = Object.keys(SETTINGS) as Setting[];

interface Load {
  rps: number;
  cpuUs: number;
  failed: number;
}

if (!Bun.which("wrk")) {
  console.error("bench/tracing.ts needs wrk: apt-get install -y wrk (or brew install wrk)");
  process.exit(1);
}

/** Servers inherit core 0 from this process while it starts them; it moves to core 1 (with wrk) to measure. */
function pinThisProcess(core: 0 | 1): boolean {
  if (availableParallelism() < 2 || !Bun.which("taskset")) return false;
  return (
    Bun.spawnSync(["taskset", "-a", "-p", "-c", String(core), String(process.pid)], { stdout: "ignore" }).exitCode === 0
  );
}

const cpuSeconds = (pid: number) => {
  const fields = procStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

async function wrk(server: RunningService, path: string, token: string, seconds: number, pinned: boolean) {
  const args = ["-t1", "-c", String(CONNECTIONS), "-d", `${seconds}s`, "-H", `Authorization: Bearer ${token}`];
  const [command, ...prefix] = pinned ? ["taskset", "-c", "1", "wrk"] : ["wrk"];
  const before = cpuSeconds(server.pid());
  const result = await runCommand(command as string, [...prefix, ...args, `${server.url}${path}`], {
    cwd: import.meta.dir,
    timeoutMs: (seconds + 30) * 1000,
  });
  expectSuccess("wrk", result);
  const report = result.output;
  const number = (pattern: RegExp) => Number(report.match(pattern)?.[1] ?? 0);
  const requests = number(/(\d+) requests in /);
  const sockets = report.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    cpuUs: ((cpuSeconds(server.pid()) - before) * 1e6) / Math.max(requests, 1),
    failed: number(/Non-2xx or 3xx responses: (\d+)/) + (sockets?.slice(1).reduce((sum, n) => sum + Number(n), 0) ?? 0),
  } satisfies Load;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function measureRuntime(runtime: Runtime, dir: string): Promise<string[]> {
  const receiver = await startOtlpReceiver();
  const servers = {} as Record<Setting, RunningService>;
  const lines: string[] = [];
  try {
    pinThisProcess(0);
    for (const name of NAMES) {
      servers[name] = await startService(dir, runtime, {
        DATABASE_URL: `file:${join(dir, `bench-${name.replace(/\W/g, "")}.db`)}`,
        APP_ENV: "production",
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
        LOG_LEVEL: "warn",
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        ...SETTINGS[name],
      });
    }
    const pinned = pinThisProcess(1);
    for (const path of ["/api/v1/users/:id", "/health"]) {
      const rounds = Object.fromEntries(NAMES.map((name) => [name, [] as Load[]])) as Record<Setting, Load[]>;
      const targets = await Promise.all(
        NAMES.map(async (name) => {
          const session = await new ContractClient(servers[name].url).newSession("bench");
          return { name, token: session.access, path: path.replace(":id", String(session.id)) };
        }),
      );
      for (const target of targets) await wrk(servers[target.name], target.path, target.token, 2, pinned);
      for (let round = 0; round < ROUNDS; round++) {
        for (const target of targets) {
          rounds[target.name].push(await wrk(servers[target.name], target.path, target.token, SECONDS, pinned));
        }
      }
      for (const name of NAMES) {
        const loads = rounds[name];
        const ratio = (key: "rps" | "cpuUs") =>
          median(loads.map((load, i) => load[key] / (rounds.off[i] as Load)[key]));
        const extra = median(loads.map((load, i) => load.cpuUs - (rounds.off[i] as Load).cpuUs));
        lines.push(
          [
            runtime.padEnd(5),
            `GET ${path}`.padEnd(24),
            name.padEnd(10),
            median(loads.map((load) => load.rps))
              .toFixed(0)
              .padStart(8),
            median(loads.map((load) => load.cpuUs))
              .toFixed(1)
              .padStart(9),
            ratio("rps").toFixed(2).padStart(9),
            ratio("cpuUs").toFixed(2).padStart(9),
            (name === "off" ? "" : `${extra >= 0 ? "+" : ""}${extra.toFixed(1)}`).padStart(12),
            String(loads.reduce((sum, load) => sum + load.failed, 0)).padStart(7),
          ].join(" "),
        );
      }
    }
  } finally {
    for (const server of Object.values(servers)) server.kill();
    await receiver.stop();
  }
  return lines;
}

const runtimes = (process.env.BENCH_RUNTIMES ?? "node").split(",").map((each) => each.trim()) as Runtime[];
const unknown = runtimes.filter((runtime) => !RUNTIMES.includes(runtime));
if (unknown.length > 0) throw new Error(`BENCH_RUNTIMES: unknown ${unknown.join(", ")}`);

const dir = await generateProject("full", "sqlite", "advanced");
const lines: string[] = [];
try {
  expectSuccess("npm install", await npmInstall(dir));
  for (const runtime of runtimes) lines.push(...(await measureRuntime(runtime, dir)));
} finally {
  await rm(dirname(dir), { recursive: true, force: true });
}
console.log(
  `\nwrk: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement after a 2 s warm-up, median of ${ROUNDS} rounds; ${cpus()[0]?.model ?? "unknown CPU"}; load average ${loadavg()
    .map((each) => each.toFixed(1))
    .join(" ")}\n`,
);
console.log("runtime route                    tracing       req/s   CPU µs  req/s÷off  CPU÷off  CPU µs extra  failed");
for (const line of lines) console.log(line);
