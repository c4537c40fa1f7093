/**
 * Throughput and CPU cost of the generated `full` service against two baselines on the same runtime, measured in one
 * run:
 *
 *   npx bun bench/service.ts     (TEST_POSTGRES_URL / TEST_MYSQL_URL add the PostgreSQL / MariaDB rows)
 *
 * Variables: BENCH_RUNTIMES (e.g. `deno` or `node,bun`; default all three), BENCH_DATABASES (e.g. `sqlite`; default
 * every database reachable), BENCH_SECONDS (per measurement, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 50). `BENCH_RUNTIMES=deno BENCH_DATABASES=sqlite BENCH_ROUNDS=1` is a quick check.
 *
 * Per runtime it drives, with wrk (Debian/Homebrew package `wrk`):
 * - `GET /health` of the service against a bare Hono app answering the same JSON without any middleware (reported,
 *   not a target: the probes are ordinary routes behind every middleware). A reference row, the bare app plus one X-Request-Id header, shows what a
 *   second response header alone costs each runtime.
 * - `GET /api/v1/users/:id` and `GET /api/v1/users?limit=20` (valid token) of the service, per database, against two
 *   hand-written baselines on the same database (bench/baseline-app.ts: hono/jwt with a key imported once, the same
 *   SELECT through a Drizzle prepared statement over the same driver, the same envelope): the bare one, and the same
 *   handlers with the production built-ins issue #30 makes mandatory (hono/request-id, the pino request line as the
 *   project writes it, hono/secure-headers with the project's options, Cache-Control, the body limit). Target: at most
 *   1.3x the built-ins baseline's CPU time per request (the ratio then measures the generated architecture's own cost:
 *   layers, validation, principal cache, envelope); the ratio to the bare baseline is printed beside it for the
 *   record, and the built-ins baseline's own ratio to the bare one shows what the built-ins cost. Before measuring,
 *   both baselines are checked to answer the same status and body as the service, the built-ins baseline the same
 *   headers too, and to write one request line per answer with the service's fields.
 * - On SQLite, the `minimal` and `graphql` templates: `/health` of each against bare Hono, the
 *   `minimal` `GET /api/v1/users/:id` against bare Hono's same route, and the `graphql` single-user query
 *   `{ user(id: …) { id email } }` over `POST /graphql` (wrk with a Lua script for the body) against bare Hono's
 *   `GET /api/v1/users/:id` and against the `minimal` REST get of the same user (reported, not a target: every GraphQL request goes through
 *   yoga whole).
 *   BENCH_TEMPLATES (e.g. `full`, or `minimal,graphql` for these rows only; default all three) selects them.
 * - `full` + `--observability advanced` (metrics, and tracing with every request sampled, exported over OTLP/gRPC to
 *   a receiver listening in this process) against `full` (`none`) on the same database, on `GET /health` and
 *   `GET /api/v1/users/:id`, reported, not targets (issue 31 retired the 70% / 80% ones: `npm run bench:tracing`
 *   prices tracing at the sampling a deployment chooses). `BENCH_ADVANCED=0` leaves these rows out.
 * and prints requests/s, p99 latency, the server's CPU time per request, both as ratios to the row's reference, and
 * errors/non-2xx (target: none under load).
 *
 * These machines are shared and noisy (the same server varies by +-30% between two runs a minute apart), so per
 * runtime every server runs side by side and they are measured in rounds: in each round every compared route is
 * measured right after the same route of its reference, and a row's ratio is the median of those back-to-back pairs'
 * ratios (its figures are the medians of its rounds). A data route is measured once per round on each of the three
 * (bare baseline, built-ins baseline, service, in that order), and its three ratios are taken from those. CPU time per request (from /proc/<pid>/stat) is steadier than
 * requests/s: read the CPU ratios.
 */
import { rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { ContractClient } from "../test/e2e/generated/contract-client.ts";
import { GraphqlClient } from "../test/e2e/generated/graphql-client.ts";
import {
  expectSuccess,
  generateFullProject,
  generateProject,
  npmInstall,
  runCommand,
} from "../test/support/generated-project.ts";
import { type OtlpReceiver, startOtlpReceiver } from "../test/support/otlp-receiver.ts";
import { procStat } from "../test/support/process-tree.ts";
import { launchServer, RUNTIMES, type RunningService, type Runtime, startService } from "../test/support/runtimes.ts";
import { createMysqlDatabase, createPostgresDatabase, type ScratchDatabase } from "../test/support/server-databases.ts";
import { BASELINE_FILE, baselineApp } from "./baseline-app.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USER_ID = 1;
/** The `full` + `advanced` rows (BENCH_ADVANCED=0: without them). */
const ADVANCED = process.env.BENCH_ADVANCED !== "0";
const ADVANCED_PREFIX = "full+advanced/";

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

interface Load {
  rps: number;
  /** Server CPU time (user + system, all threads) per request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Server and load generator each get a core of their own: servers run on core 0, wrk on core 1. Otherwise they compete
 * for the same cores, and a figure says more about the client than about the server; a bare Hono app answers faster
 * than autocannon can ask, which is why wrk (C) is used. Servers are pinned by inheritance: this process moves to
 * core 0 (all its threads) while it starts them, and to core 1 while it measures, so that its own work then (the OTLP
 * receiver decoding the traced services' spans, spawning wrk) does not take the server's core.
 */
function pinThisProcess(core: 0 | 1): boolean {
  if (availableParallelism() < 2 || !Bun.which("taskset")) return false;
  const pin = ["taskset", "-a", "-p", "-c", String(core), String(process.pid)];
  return Bun.spawnSync(pin, { stdout: "ignore" }).exitCode === 0;
}
if (!Bun.which("wrk")) {
  console.error("bench/service.ts needs wrk: apt-get install -y wrk (or brew install wrk)");
  process.exit(1);
}
const PINNED = pinThisProcess(0);

/** wrk for `seconds` against `url`; its text report on stdout. `script`: a Lua file that shapes the request (POST). */
async function wrk(seconds: number, url: string, token?: string, script?: string): Promise<string> {
  const args = ["-t1", "-c", String(CONNECTIONS), "-d", `${seconds}s`, "--latency"];
  if (token) args.push("-H", `Authorization: Bearer ${token}`);
  if (script) args.push("-s", script);
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

async function load(server: RunningService, url: string, token?: string, script?: string): Promise<Load> {
  const pid = server.pid();
  const before = cpuSeconds(pid);
  const report = await wrk(SECONDS, url, token, script);
  return parseWrk(report, cpuSeconds(pid) - before);
}

/** Warms a server up (JIT, connection pools) before its first measured round. */
async function warmUp(url: string, token?: string, script?: string): Promise<void> {
  await wrk(2, url, token, script);
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

/** The routes a subject is driven on; the data routes carry a token (where the template has one). */
type Route = "GET /health" | "GET /api/v1/users/:id" | "GET /api/v1/users?limit=20" | "POST /graphql user(id)";
const HEALTH: Route = "GET /health";
const USER: Route = "GET /api/v1/users/:id";
const LIST: Route = "GET /api/v1/users?limit=20";
const GRAPHQL_USER: Route = "POST /graphql user(id)";

/**
 * The single-user query of the graphql template, as wrk sends it (a Lua script sets method, body and type; the body
 * is a long bracket string, in which Lua reads the JSON's backslashes as they are).
 */
const GRAPHQL_SCRIPT = "bench-graphql-user.lua";
const graphqlBody = (id: string) => JSON.stringify({ query: `{ user(id: "${id}") { id email } }` });
const graphqlScript = (body: string) => `wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = [[${body}]]
`;

/** A server under test, the URLs of its routes, and one measurement per round and route. */
interface Subject {
  name: string;
  server: RunningService;
  urls: Partial<Record<Route, string>>;
  token?: string;
  /** The wrk script of the GraphQL route. */
  script?: string;
  rounds: Partial<Record<Route, Load[]>>;
}

async function subject(
  name: string,
  server: RunningService,
  paths: Partial<Record<Route, string>>,
  token?: string,
  script?: string,
): Promise<Subject> {
  const urls: Partial<Record<Route, string>> = {};
  const rounds: Partial<Record<Route, Load[]>> = {};
  for (const [route, path] of Object.entries(paths) as [Route, string][]) {
    urls[route] = `${server.url}${path}`;
    rounds[route] = [];
    await warmUp(urls[route], route === HEALTH ? undefined : token, route === GRAPHQL_USER ? script : undefined);
  }
  return { name, server, urls, ...(token ? { token } : {}), ...(script ? { script } : {}), rounds };
}

async function measure(each: Subject, route: Route): Promise<Load> {
  const token = route === HEALTH ? undefined : each.token;
  const measured = await load(
    each.server,
    each.urls[route] as string,
    token,
    route === GRAPHQL_USER ? each.script : undefined,
  );
  each.rounds[route]?.push(measured);
  return measured;
}

/**
 * A route of a subject and the same route of its reference, measured back to back in every round: the ratio of each
 * such pair, taken seconds apart, is what the row reports (the median over the rounds). A shared machine's speed
 * drifts between rounds; a pair sees the same machine.
 */
interface Pairing {
  subject: Subject;
  reference: Subject;
  route: Route;
  /** The reference's route, when it is another one (the GraphQL query against a REST get). */
  referenceRoute: Route;
  rpsRatios: number[];
  cpuRatios: number[];
}

/**
 * Pairings measured together in a round, each subject's route once: a data route's bare baseline, built-ins baseline
 * and service are three measurements for three pairs. A step of one pairing is a plain back-to-back pair.
 */
type Step = Pairing[];

async function measureStep(step: Step): Promise<void> {
  const measured = new Map<string, Load>();
  const once = async (each: Subject, route: Route) => {
    const key = `${each.name} ${route}`;
    const known = measured.get(key);
    if (known) return known;
    const load = await measure(each, route);
    measured.set(key, load);
    return load;
  };
  for (const pairing of step) {
    const reference = await once(pairing.reference, pairing.referenceRoute);
    const subject = await once(pairing.subject, pairing.route);
    pairing.rpsRatios.push(subject.rps / reference.rps);
    pairing.cpuRatios.push(subject.cpuUs / reference.cpuUs);
  }
}

/** The environment of the generated Dockerfile's image (graphql-js, for one, checks NODE_ENV). */
const PRODUCTION = { APP_ENV: "production", NODE_ENV: "production" };

const LIST_SIZE = 20;

/**
 * A baseline must do the same work: the same status and body as the service on every data route; `withHeaders`, the
 * same headers too (but Date), the request id being the one the request sent.
 */
async function expectSameAnswers(service: Subject, baseline: Subject, withHeaders = false): Promise<void> {
  for (const route of [USER, LIST]) {
    const answers = await Promise.all(
      [service, baseline].map(async (each) => {
        const response = await fetch(each.urls[route] as string, {
          headers: { authorization: `Bearer ${each.token}`, "x-request-id": "bench-same-answer" },
        });
        const headers = [...response.headers].filter(([name]) => name !== "date").map((header) => header.join(": "));
        return [`${response.status} ${await response.text()}`, ...(withHeaders ? headers.sort() : [])].join("\n");
      }),
    );
    if (answers[0] !== answers[1])
      throw new Error(`${route}: the baseline answers differently\n${answers.join("\n\n")}`);
  }
}

const REQUEST_LINE_CHECKS = 20;

/**
 * The request lines (pino's JSON, message "request") at the end of a server's log, by request id (the log's tail may
 * begin inside a line: only whole lines, which begin with pino's level, are read).
 */
function requestLines(server: RunningService): Map<string, Record<string, unknown>[]> {
  const lines = new Map<string, Record<string, unknown>[]>();
  for (const text of server.output().split("\n")) {
    if (!text.startsWith('{"level":') || !text.includes('"msg":"request"')) continue;
    const line = JSON.parse(text) as Record<string, unknown>;
    const id = String(line.requestId);
    lines.set(id, [...(lines.get(id) ?? []), line]);
  }
  return lines;
}

/**
 * The built-ins baseline writes one request line per answer, with the service's fields in the service's order: sent
 * requests with ids of their own, each id must be logged once (pino writes asynchronously: waits up to 5 s for them).
 */
async function expectRequestLines(service: Subject, baseline: Subject): Promise<void> {
  const ids = Array.from({ length: REQUEST_LINE_CHECKS }, (_, i) => `bench-line-${i}`);
  const logged = async (each: Subject, sent: string[]) => {
    for (const id of sent) {
      const headers = { authorization: `Bearer ${each.token}`, "x-request-id": id };
      await (await fetch(each.urls[USER] as string, { headers })).arrayBuffer();
    }
    for (let waited = 0; ; waited += 50) {
      const lines = requestLines(each.server);
      if (sent.every((id) => lines.has(id)) || waited >= 5000) return sent.map((id) => lines.get(id) ?? []);
      await Bun.sleep(50);
    }
  };
  const lines = await logged(baseline, ids);
  const counts = lines.map((each) => each.length);
  if (counts.some((count) => count !== 1)) {
    throw new Error(
      `the built-ins baseline logged ${counts.join(", ")} lines for ${ids.length} requests, not one each`,
    );
  }
  const [theirs] = await logged(service, ["bench-line-service"]);
  // Every field but the ones that differ from line to line and process to process.
  const shape = (line: Record<string, unknown> | undefined) =>
    JSON.stringify(
      Object.entries(line ?? {}).map(([key, value]) =>
        ["time", "pid", "requestId", "durationMs"].includes(key) ? key : [key, value],
      ),
    );
  const [expected, actual] = [shape(theirs?.[0]), shape(lines[0]?.[0])];
  if (expected !== actual) {
    throw new Error(`the built-ins baseline's request line differs from the service's\n${expected}\n${actual}`);
  }
}

/**
 * A registered user of a generated service, whose own id and access token the user routes are driven with; users are
 * registered until the list route has a full page of 20.
 */
async function registerSession(service: RunningService): Promise<{ id: number; access: string }> {
  const client = new ContractClient(service.url);
  const session = await client.newSession("bench");
  for (;;) {
    const answer = await client.call("GET", `/api/v1/users?limit=${LIST_SIZE}`, { token: session.access });
    if ((answer.json as { data: unknown[] }).data.length >= LIST_SIZE) return session;
    await client.newSession("bench");
  }
}

type Database = "sqlite" | "postgres" | "mysql";
const DATABASE_NAMES: Record<Database, string> = { sqlite: "SQLite", postgres: "PostgreSQL", mysql: "MariaDB" };

interface Target {
  database: Database;
  dir: string;
  /** The same service generated with `--observability advanced`, on the same database. */
  advancedDir?: string;
  url: string;
  scratch?: ScratchDatabase;
}

/** `BENCH_RUNTIMES` / `BENCH_DATABASES`: comma-separated subsets; everything when unset. */
function selection<T extends string>(variable: string, all: readonly T[]): T[] {
  const wanted = process.env[variable]?.split(",").map((each) => each.trim().toLowerCase());
  if (!wanted) return [...all];
  const unknown = wanted.filter((each) => !all.includes(each as T));
  if (unknown.length > 0) throw new Error(`${variable}: unknown ${unknown.join(", ")} (known: ${all.join(", ")})`);
  return all.filter((each) => wanted.includes(each));
}

async function prepareTarget(database: Database): Promise<Target | undefined> {
  const serverUrl = { sqlite: "", postgres: process.env.TEST_POSTGRES_URL, mysql: process.env.TEST_MYSQL_URL }[
    database
  ];
  if (serverUrl === undefined) {
    console.log(
      `${database === "postgres" ? "TEST_POSTGRES_URL" : "TEST_MYSQL_URL"} is not set: ${DATABASE_NAMES[database]} rows skipped`,
    );
    return undefined;
  }
  const dir = await generateFullProject(database);
  expectSuccess(`npm install (${database})`, await npmInstall(dir));
  await writeFile(join(dir, BARE_FILE), BARE_APP);
  await writeFile(join(dir, BASELINE_FILE), baselineApp(database));
  let advancedDir: string | undefined;
  if (ADVANCED) {
    advancedDir = await generateProject("full", database, "advanced");
    expectSuccess(`npm install (${database}, advanced)`, await npmInstall(advancedDir));
  }
  const advanced = advancedDir ? { advancedDir } : {};
  if (database === "sqlite") return { database, dir, url: `file:${join(dir, "bench.db")}`, ...advanced };
  const create = database === "postgres" ? createPostgresDatabase : createMysqlDatabase;
  const scratch = await create(serverUrl, "bench_full");
  return { database, dir, url: scratch.url, scratch, ...advanced };
}

interface Row {
  runtime: Runtime;
  target: string;
  route: Route;
  load: Load;
  /** What the row is compared with: the medians of the per-round ratios of its pairs. */
  reference?: { name: string; route: Route; rpsRatio: number; cpuRatio: number };
}

const TEMPLATE_SUBJECT = /^(full|minimal|graphql)\//;
/** The two hand-written baselines of full's data routes: bare, and with the production built-ins. */
const BASELINE_PREFIX = "hand-written/";
const BUILTINS_PREFIX = "hand-written+built-ins/";

/**
 * The target of the issues: full's data routes at most 1.3x the CPU of the hand-written baseline with the same
 * built-ins (their ratio to the bare baseline is reported, not a target). `/health` against bare Hono, the `advanced`
 * rows and the GraphQL rows are reported only.
 */
function check(row: Row): string | undefined {
  const verdict = (met: boolean) => (met ? "target met" : "target missed");
  // `/health` and the GraphQL rows are reported, not targets: the probes and yoga's HTTP handling are ordinary code.
  if (!row.reference || !TEMPLATE_SUBJECT.test(row.target) || row.route === HEALTH) return undefined;
  if (!row.target.startsWith("full/") || !row.reference.name.startsWith(BUILTINS_PREFIX)) return undefined;
  return verdict(row.reference.cpuRatio <= 1.3);
}

/** The `minimal` and `graphql` projects on SQLite (the template rows), generated and installed once. */
interface TemplateProjects {
  minimal: string;
  graphql: string;
}

async function prepareTemplateProjects(): Promise<TemplateProjects> {
  const [minimal, graphql] = await Promise.all([
    generateProject("minimal", "sqlite"),
    generateProject("graphql", "sqlite"),
  ]);
  for (const dir of [minimal, graphql]) expectSuccess(`npm install (${dir})`, await npmInstall(dir));
  await writeFile(join(minimal, BARE_FILE), BARE_APP);
  return { minimal, graphql };
}

/**
 * Starts the minimal and graphql services on SQLite with one user each, and pairs their rows: /health against bare
 * Hono, minimal's get against bare Hono's, the GraphQL query against bare Hono's get and against minimal's get.
 */
async function templateSubjects(
  runtime: Runtime,
  projects: TemplateProjects,
  bare: Subject,
  pair: (subject: Subject, reference: Subject, route: Route, referenceRoute?: Route) => void,
): Promise<Subject[]> {
  const env = (dir: string) => ({ DATABASE_URL: `file:${join(dir, `bench-${runtime}.db`)}`, ...PRODUCTION });
  const minimalService = await startService(projects.minimal, runtime, env(projects.minimal));
  const created = await new ContractClient(minimalService.url).call("POST", "/api/v1/users", {
    body: { email: `bench-${runtime}@example.com`, name: "Bench" },
  });
  const minimalId = (created.json as { data: { id: number } }).data.id;
  const minimal = await subject("minimal/SQLite", minimalService, {
    [HEALTH]: "/health",
    [USER]: `/api/v1/users/${minimalId}`,
  });
  const graphqlService = await startService(projects.graphql, runtime, env(projects.graphql));
  const user = await new GraphqlClient(graphqlService.url).createUser({ email: `bench-${runtime}@example.com` });
  // The body wrk sends answers the user, not an error: a wrong query would measure the error path.
  const body = graphqlBody(user.id);
  const answer = await fetch(`${graphqlService.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const text = await answer.text();
  if (answer.status !== 200 || !text.includes(user.email)) throw new Error(`the GraphQL query answers ${text}`);
  const script = join(projects.graphql, GRAPHQL_SCRIPT);
  await writeFile(script, graphqlScript(body));
  const graphql = await subject(
    "graphql/SQLite",
    graphqlService,
    { [HEALTH]: "/health", [GRAPHQL_USER]: "/graphql" },
    undefined,
    script,
  );
  pair(minimal, bare, HEALTH);
  pair(minimal, bare, USER);
  pair(graphql, bare, HEALTH);
  pair(graphql, bare, GRAPHQL_USER, USER);
  pair(graphql, minimal, GRAPHQL_USER, USER);
  return [minimal, graphql];
}

async function measureRuntime(
  runtime: Runtime,
  targets: Target[],
  bareDir: string,
  templates: TemplateProjects | undefined,
): Promise<Row[]> {
  const subjects: Subject[] = [];
  const steps: Step[] = [];
  const pairing = (subject: Subject, reference: Subject, route: Route, referenceRoute = route): Pairing => ({
    subject,
    reference,
    route,
    referenceRoute,
    rpsRatios: [],
    cpuRatios: [],
  });
  const pair = (subject: Subject, reference: Subject, route: Route, referenceRoute = route) =>
    steps.push([pairing(subject, reference, route, referenceRoute)]);
  let receiver: OtlpReceiver | undefined;
  try {
    if (PINNED) pinThisProcess(0);
    console.error(`${runtime}: starting the bare Hono apps, the baselines and the services`);
    const barePaths = { [HEALTH]: "/health", [USER]: `/api/v1/users/${USER_ID}` };
    const bareServer = await launchServer(bareDir, `bare ${runtime}`, command(runtime, BARE_FILE), {});
    const bare = await subject("bare Hono", bareServer, barePaths);
    const withIdServer = await launchServer(bareDir, `bare+id ${runtime}`, command(runtime, BARE_FILE), {
      BARE_REQUEST_ID: "1",
    });
    const withId = await subject(BARE_WITH_ID, withIdServer, barePaths);
    subjects.push(bare, withId);
    pair(withId, bare, HEALTH);
    pair(withId, bare, USER);
    for (const target of targets) {
      const name = DATABASE_NAMES[target.database];
      const env = { DATABASE_URL: target.url, JWT_SECRET: "b".repeat(48), BCRYPT_ROUNDS: "4", ...PRODUCTION };
      const service = await startService(target.dir, runtime, env);
      const session = await registerSession(service);
      const dataPaths = { [USER]: `/api/v1/users/${session.id}`, [LIST]: `/api/v1/users?limit=${LIST_SIZE}` };
      const baselineServer = await launchServer(
        target.dir,
        `baseline ${runtime}`,
        command(runtime, BASELINE_FILE),
        env,
      );
      const baseline = await subject(`${BASELINE_PREFIX}${name}`, baselineServer, dataPaths, session.access);
      const builtinsServer = await launchServer(
        target.dir,
        `baseline+built-ins ${runtime}`,
        command(runtime, BASELINE_FILE),
        { ...env, BASELINE_BUILTINS: "1" },
      );
      const builtins = await subject(`${BUILTINS_PREFIX}${name}`, builtinsServer, dataPaths, session.access);
      const full = await subject(`full/${name}`, service, { [HEALTH]: "/health", ...dataPaths }, session.access);
      await expectSameAnswers(full, baseline);
      await expectSameAnswers(full, builtins, true);
      await expectRequestLines(full, builtins);
      subjects.push(baseline, builtins, full);
      pair(full, bare, HEALTH);
      for (const route of [USER, LIST]) {
        steps.push([
          pairing(builtins, baseline, route),
          pairing(full, builtins, route),
          pairing(full, baseline, route),
        ]);
      }
      if (target.advancedDir) {
        // Same database and secret: the session registered above is valid there too. Every request is traced.
        receiver ??= await startOtlpReceiver(0, { keep: false });
        const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_TRACES_SAMPLER: "always_on" };
        const advancedServer = await startService(target.advancedDir, runtime, { ...env, ...tracing });
        const advancedPaths = { [HEALTH]: "/health", [USER]: dataPaths[USER] };
        const advanced = await subject(`${ADVANCED_PREFIX}${name}`, advancedServer, advancedPaths, session.access);
        subjects.push(advanced);
        pair(advanced, full, HEALTH);
        pair(advanced, full, USER);
      }
    }
    if (templates) subjects.push(...(await templateSubjects(runtime, templates, bare, pair)));
    if (PINNED) pinThisProcess(1);
    for (let round = 1; round <= ROUNDS; round++) {
      console.error(`${runtime}: round ${round} of ${ROUNDS}`);
      for (const step of steps) await measureStep(step);
    }
    if (receiver) console.error(`${runtime}: the OTLP receiver got ${receiver.received()} spans`);
  } finally {
    for (const each of subjects) each.server.kill();
    await receiver?.stop();
  }
  const rows: Row[] = [];
  for (const each of subjects) {
    for (const route of Object.keys(each.rounds) as Route[]) {
      const load = medianLoad(each.rounds[route] as Load[]);
      const compared = steps.flat().filter((candidate) => candidate.subject === each && candidate.route === route);
      if (compared.length === 0) rows.push({ runtime, target: each.name, route, load });
      // One row per reference (full's data routes have two baselines, the GraphQL query bare Hono and minimal's get).
      for (const pairing of compared) {
        const reference = {
          name: pairing.reference.name,
          route: pairing.referenceRoute,
          rpsRatio: median(pairing.rpsRatios),
          cpuRatio: median(pairing.cpuRatios),
        };
        rows.push({ runtime, target: each.name, route, load, reference });
      }
    }
  }
  return rows;
}

function command(runtime: Runtime, file: string): [string, ...string[]] {
  return runtime === "deno" ? ["deno", "run", "-A", file] : [runtime, file];
}

function printTable(rows: Row[]): void {
  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  console.log(
    `\nwrk: 1 thread, ${CONNECTIONS} connections, ${SECONDS} s per measurement after a 2 s warm-up, median of ${ROUNDS} rounds, ratios the median of each round's back-to-back pair; ${PINNED ? "servers on core 0, wrk and the OTLP receiver on core 1" : "not pinned to cores (needs taskset and 2 cores)"}; ${cpus()[0]?.model ?? "unknown CPU"}; load average ${loadAverage}\n`,
  );
  console.log(
    "| runtime | target | route | req/s | p99 ms | CPU µs/req | compared with | req/s ratio | CPU ratio | check | errors | non-2xx |",
  );
  console.log("|---|---|---|---:|---:|---:|---|---:|---:|---|---:|---:|");
  for (const row of rows) {
    const { load: l, reference } = row;
    const against = reference && reference.route !== row.route ? ` (${reference.route})` : "";
    const ratios = reference
      ? `${reference.name}${against} | ${(100 * reference.rpsRatio).toFixed(0)}% | ${reference.cpuRatio.toFixed(2)}x`
      : "| |";
    console.log(
      `| ${row.runtime} | ${row.target} | ${row.route} | ${Math.round(l.rps)} | ${l.p99.toFixed(2)} | ${l.cpuUs.toFixed(1)} | ${ratios} | ${check(row) ?? ""} | ${l.errors} | ${l.non2xx} |`,
    );
  }
}

/**
 * full's data routes against both baselines side by side, CPU per request: the ratio the target is judged on (to the
 * built-ins baseline), the ratio to the bare baseline for the record, and the built-ins baseline's own to the bare.
 */
function printBaselines(rows: Row[]): void {
  const judged = rows.filter((row) => check(row) !== undefined && row.target.startsWith("full/"));
  if (judged.length === 0) return;
  console.log(
    "\nfull's data routes, CPU µs per request and ratios; the 1.3x target is judged against the built-ins baseline\n",
  );
  console.log(
    "| runtime | database | route | full | built-ins baseline | bare baseline | full / built-ins (target) | full / bare (record) | built-ins / bare | check |",
  );
  console.log("|---|---|---|---:|---:|---:|---:|---:|---:|---|");
  for (const row of judged) {
    const database = row.target.slice("full/".length);
    const find = (target: string, reference?: string) =>
      rows.find(
        (each) =>
          each.runtime === row.runtime &&
          each.route === row.route &&
          each.target === target &&
          each.reference?.name === reference,
      );
    const bare = `${BASELINE_PREFIX}${database}`;
    const fullToBare = find(row.target, bare)?.reference?.cpuRatio;
    const builtins = find(`${BUILTINS_PREFIX}${database}`, bare);
    const cells = [
      row.runtime,
      database,
      row.route,
      row.load.cpuUs.toFixed(1),
      builtins?.load.cpuUs.toFixed(1),
      find(bare)?.load.cpuUs.toFixed(1),
      `${row.reference?.cpuRatio.toFixed(2)}x`,
      fullToBare === undefined ? "" : `${fullToBare.toFixed(2)}x`,
      builtins?.reference ? `${builtins.reference.cpuRatio.toFixed(2)}x` : "",
      check(row),
    ];
    console.log(`| ${cells.map((cell) => cell ?? "").join(" | ")} |`);
  }
}

function printChecks(rows: Row[]): void {
  const services = rows.filter((row) => row.target.startsWith("full/"));
  const verdict = (rule: string, misses: Row[]) =>
    console.log(
      misses.length === 0
        ? `target met: ${rule}`
        : `target missed: ${rule}: ${misses.map((row) => `${row.runtime} ${row.target} ${row.route}`).join("; ")}`,
    );
  console.log("");
  if (services.length > 0) {
    verdict(
      "<= 1.3x the CPU per request of the hand-written baseline with the same built-ins, on the user routes",
      services.filter((row) => check(row) === "target missed"),
    );
  }
  verdict(
    "no error or non-2xx under load",
    rows.filter((row) => row.load.errors + row.load.non2xx > 0),
  );
}

async function main(): Promise<void> {
  const runtimes = selection("BENCH_RUNTIMES", RUNTIMES);
  const targets: Target[] = [];
  const rows: Row[] = [];
  let templates: TemplateProjects | undefined;
  try {
    const wanted = selection("BENCH_TEMPLATES", ["full", "minimal", "graphql"] as const);
    if (wanted.some((name) => name !== "full")) templates = await prepareTemplateProjects();
    const databases = wanted.includes("full")
      ? selection<Database>("BENCH_DATABASES", ["sqlite", "postgres", "mysql"])
      : [];
    for (const database of databases) {
      const target = await prepareTarget(database);
      if (target) targets.push(target);
    }
    // Bare Hono runs from any generated project (it needs hono and @hono/node-server).
    const bareDir = targets[0]?.dir ?? templates?.minimal;
    if (!bareDir)
      throw new Error("nothing to measure (BENCH_TEMPLATES, BENCH_DATABASES, TEST_POSTGRES_URL, TEST_MYSQL_URL)");
    for (const runtime of runtimes) rows.push(...(await measureRuntime(runtime, targets, bareDir, templates)));
  } finally {
    for (const dir of Object.values(templates ?? {})) await rm(dirname(dir), { recursive: true, force: true });
    for (const target of targets) {
      await target.scratch?.drop();
      for (const dir of [target.dir, target.advancedDir]) {
        if (dir) await rm(dirname(dir), { recursive: true, force: true });
      }
    }
  }
  printTable(rows);
  printBaselines(rows);
  printChecks(rows);
}

await main();
