/**
 * Throughput of the generated `full` service against a bare Hono app on the same runtime, measured in one run.
 *
 *   npx bun bench/service.ts            (TEST_POSTGRES_URL adds the PostgreSQL rows; BENCH_SECONDS, BENCH_CONNECTIONS)
 *
 * For SQLite (and PostgreSQL when TEST_POSTGRES_URL is set) x Node, Bun, Deno it drives `GET /health` and
 * `GET /api/v1/users/:id` (valid token) with wrk (Debian/Homebrew package `wrk`), and the same two routes of a bare Hono
 * app answering the same JSON without any middleware, then prints requests/s, p99 latency, the ratio to the bare app,
 * the server's CPU time per request (and the bare app's CPU time over it) and errors/non-2xx. Target: >= 60% of the
 * bare app's requests/s on /health, no error under load. A reference row, the bare app plus one X-Request-Id header,
 * shows what a second response header alone costs each runtime.
 *
 * These machines are shared and noisy (the same server varies by +-30% between two runs a minute apart), so per
 * runtime the bare app and the services run side by side and are measured in interleaved rounds (BENCH_ROUNDS,
 * default 3): each figure is the median of its rounds, each taken minutes apart from the others but next to its
 * baseline.
 */
import { rm, writeFile } from "node:fs/promises";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { ContractClient } from "../test/e2e/generated/contract-client.ts";
import { expectSuccess, generateFullProject, npmInstall, runCommand } from "../test/support/generated-project.ts";
import { procStat } from "../test/support/process-tree.ts";
import { launchServer, RUNTIMES, type RunningService, type Runtime, startService } from "../test/support/runtimes.ts";
import { createPostgresDatabase, type ScratchDatabase } from "../test/support/server-databases.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USER_ID = 1;

/**
 * The baseline: the same routes and JSON, no middleware at all; one file for all three runtimes. With
 * BARE_REQUEST_ID=1 it adds one header (a new X-Request-Id) and nothing else: a reference row showing what a second
 * response header costs each runtime (Deno and @hono/node-server have fast paths for answers with only a content type).
 */
const BARE_APP = `import { Hono } from "hono";
const app = new Hono();
const user = { id: ${USER_ID}, email: "bench@example.com", created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z" };
const withId = process.env.BARE_REQUEST_ID === "1";
const answer = (res) => {
  if (withId) res.headers.set("X-Request-Id", crypto.randomUUID());
  return res;
};
app.get("/health", (c) => answer(c.json({ status: "ok" })));
app.get("/api/v1/users/:id", (c) => answer(c.json({ status: "success", data: { ...user, id: Number(c.req.param("id")) } })));
const port = Number(process.env.PORT);
if (globalThis.Bun) Bun.serve({ port, hostname: "127.0.0.1", fetch: app.fetch });
else if (globalThis.Deno) Deno.serve({ port, hostname: "127.0.0.1", onListen() {} }, app.fetch);
else (await import("@hono/node-server")).serve({ fetch: app.fetch, port, hostname: "127.0.0.1" });
`;
const BARE_FILE = "bench-bare-hono.mjs";
const BARE_WITH_ID = "bare Hono + X-Request-Id";
const BARE_COMMANDS: Record<Runtime, [string, ...string[]]> = {
  node: ["node", BARE_FILE],
  bun: ["bun", BARE_FILE],
  deno: ["deno", "run", "-A", BARE_FILE],
};

interface Load {
  rps: number;
  /** Server CPU time (user + system, all threads) per request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Server and load generator each get a core of their own: this process (and so every server it starts) is pinned to
 * core 0, wrk to core 1. Otherwise they compete for the same cores, and a figure says more about the client than about
 * the server; a bare Hono app answers faster than autocannon can ask, which is why wrk (C) is used.
 */
function pinServersToCoreZero(): boolean {
  if (availableParallelism() < 2 || !Bun.which("taskset")) return false;
  return Bun.spawnSync(["taskset", "-a", "-p", "-c", "0", String(process.pid)], { stdout: "ignore" }).exitCode === 0;
}
if (!Bun.which("wrk")) {
  console.error("bench/service.ts needs wrk: apt-get install -y wrk (or brew install wrk)");
  process.exit(1);
}
const PINNED = pinServersToCoreZero();

/** wrk for `seconds` against `url`; its text report on stdout. */
async function wrk(seconds: number, url: string, token?: string): Promise<string> {
  const args = ["-t1", "-c", String(CONNECTIONS), "-d", `${seconds}s`, "--latency"];
  if (token) args.push("-H", `Authorization: Bearer ${token}`);
  const [command, ...prefix] = PINNED ? ["taskset", "-c", "1", "wrk"] : ["wrk"];
  const result = await runCommand(command as string, [...prefix, ...args, url], {
    cwd: import.meta.dir,
    timeoutMs: (seconds + 30) * 1000,
  });
  expectSuccess("wrk", result);
  return result.output;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000 };

/** One measurement, from wrk's report and the server's CPU time over it. */
function parseWrk(report: string, cpuSeconds: number): Load {
  const number = (pattern: RegExp) => Number(report.match(pattern)?.[1] ?? 0);
  const p99 = report.match(/^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m);
  if (!p99 || !/Requests\/sec:/.test(report)) throw new Error(`unexpected wrk output:\n${report}`);
  const sockets = report.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const requests = number(/(\d+) requests in /);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    cpuUs: requests > 0 ? (cpuSeconds * 1e6) / requests : 0,
    p99: Number(p99[1]) * (UNIT_MS[p99[2] as string] as number),
    errors: sockets ? sockets.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
  };
}

const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

/** utime + stime of a process and all its threads, in seconds (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = procStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

async function load(server: RunningService, url: string, token?: string): Promise<Load> {
  const pid = server.pid();
  const before = cpuSeconds(pid);
  const report = await wrk(SECONDS, url, token);
  return parseWrk(report, cpuSeconds(pid) - before);
}

/** Warms a server up (JIT, connection pools) before its first measured round. */
async function warmUp(url: string, token?: string): Promise<void> {
  await wrk(2, url, token);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The median round by requests/s; errors and non-2xx summed over all rounds. */
function medianLoad(rounds: Load[]): Load {
  const rps = median(rounds.map((round) => round.rps));
  const middle = rounds.find((round) => round.rps === rps) as Load;
  const sum = (key: "errors" | "non2xx") => rounds.reduce((total, round) => total + round[key], 0);
  const cpuUs = median(rounds.map((round) => round.cpuUs));
  return { rps, cpuUs, p99: middle.p99, errors: sum("errors"), non2xx: sum("non2xx") };
}

interface Row {
  runtime: Runtime;
  target: string;
  route: string;
  load: Load;
  bare: Load;
}

/** A server under test and its two URLs; `rounds` collects one measurement per round and route. */
interface Subject {
  name: string;
  server: RunningService;
  health: string;
  user: string;
  token?: string;
  rounds: { health: Load[]; user: Load[] };
}

async function subject(name: string, server: RunningService, userPath: string, token?: string): Promise<Subject> {
  const health = `${server.url}/health`;
  const user = `${server.url}${userPath}`;
  await warmUp(health);
  await warmUp(user, token);
  return { name, server, health, user, ...(token ? { token } : {}), rounds: { health: [], user: [] } };
}

/** A generated service with a registered user, whose own id and access token the users route is driven with. */
async function sessionSubject(name: string, service: RunningService): Promise<Subject> {
  const session = await new ContractClient(service.url).newSession("bench");
  return subject(name, service, `/api/v1/users/${session.id}`, session.access);
}

async function main(): Promise<void> {
  const targets: { name: string; dir: string; databaseUrl: () => string; scratch?: ScratchDatabase }[] = [];
  const sqliteDir = await generateFullProject("sqlite");
  expectSuccess("npm install (sqlite)", await npmInstall(sqliteDir));
  targets.push({ name: "full/SQLite", dir: sqliteDir, databaseUrl: () => `file:${join(sqliteDir, "bench.db")}` });
  const postgresServer = process.env.TEST_POSTGRES_URL;
  if (postgresServer) {
    const dir = await generateFullProject("postgres");
    expectSuccess("npm install (postgres)", await npmInstall(dir));
    const scratch = await createPostgresDatabase(postgresServer, "bench_full");
    targets.push({ name: "full/PostgreSQL", dir, databaseUrl: () => scratch.url, scratch });
  } else {
    console.log("TEST_POSTGRES_URL is not set: PostgreSQL rows skipped");
  }
  await writeFile(join(sqliteDir, BARE_FILE), BARE_APP);

  const rows: Row[] = [];
  try {
    for (const runtime of RUNTIMES) {
      const subjects: Subject[] = [];
      try {
        console.error(`${runtime}: starting the bare Hono app and the services`);
        const bareServer = await launchServer(sqliteDir, `bare ${runtime}`, BARE_COMMANDS[runtime], {});
        subjects.push(await subject("bare Hono", bareServer, `/api/v1/users/${USER_ID}`));
        const withIdServer = await launchServer(sqliteDir, `bare+id ${runtime}`, BARE_COMMANDS[runtime], {
          BARE_REQUEST_ID: "1",
        });
        subjects.push(await subject(BARE_WITH_ID, withIdServer, `/api/v1/users/${USER_ID}`));
        for (const target of targets) {
          const env = { DATABASE_URL: target.databaseUrl(), JWT_SECRET: "b".repeat(48), APP_ENV: "production" };
          const service = await startService(target.dir, runtime, env);
          subjects.push(await sessionSubject(target.name, service));
        }
        for (let round = 1; round <= ROUNDS; round++) {
          console.error(`${runtime}: round ${round} of ${ROUNDS}`);
          for (const each of subjects) {
            each.rounds.health.push(await load(each.server, each.health));
            each.rounds.user.push(await load(each.server, each.user, each.token));
          }
        }
      } finally {
        for (const each of subjects) each.server.kill();
      }
      const [bare, withId, ...services] = subjects as [Subject, Subject, ...Subject[]];
      const bareHealth = medianLoad(bare.rounds.health);
      const bareUser = medianLoad(bare.rounds.user);
      for (const each of [...services, withId, bare]) {
        const health = medianLoad(each.rounds.health);
        const user = medianLoad(each.rounds.user);
        rows.push({ runtime, target: each.name, route: "GET /health", load: health, bare: bareHealth });
        rows.push({ runtime, target: each.name, route: "GET /api/v1/users/:id", load: user, bare: bareUser });
      }
    }
  } finally {
    for (const target of targets) {
      await target.scratch?.drop();
      await rm(dirname(target.dir), { recursive: true, force: true });
    }
  }

  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `\nwrk: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement after a 2 s warm-up, median of ${ROUNDS} interleaved rounds; ${PINNED ? "servers on core 0, wrk on core 1" : "not pinned to cores (needs taskset and 2 cores)"}; load average ${loadAverage}\n`,
  );
  console.log(
    "| runtime | target | route | req/s | p99 ms | vs bare | CPU µs/req | vs bare (CPU) | errors | non-2xx |",
  );
  console.log("|---|---|---|---:|---:|---:|---:|---:|---:|---:|");
  const percent = (ratio: number) => `${(100 * ratio).toFixed(0)}%`;
  for (const { runtime, target, route, load: l, bare } of rows) {
    console.log(
      `| ${runtime} | ${target} | ${route} | ${Math.round(l.rps)} | ${l.p99.toFixed(2)} | ${percent(l.rps / bare.rps)} | ${l.cpuUs.toFixed(2)} | ${percent(bare.cpuUs / l.cpuUs)} | ${l.errors} | ${l.non2xx} |`,
    );
  }
  const misses = rows.filter(
    (row) =>
      !row.target.startsWith("bare Hono") &&
      ((row.route === "GET /health" && row.load.rps < 0.6 * row.bare.rps) || row.load.errors + row.load.non2xx > 0),
  );
  console.log(
    misses.length === 0
      ? "\ntarget met: >= 60% of bare on /health, no error or non-2xx under load"
      : `\ntarget missed on: ${misses.map((row) => `${row.runtime} ${row.target} ${row.route}`).join("; ")}`,
  );
}

await main();
