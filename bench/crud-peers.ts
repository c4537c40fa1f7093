/**
 * bench/crud.ts's comparison with a real peer, Platformatic DB, on the same PostgreSQL tables: scaffold/crud
 * (bench/crud-server.ts) and Platformatic (bench/crud-platformatic.ts) each run as one Node process pinned to core 0,
 * wrk runs on core 1 (when taskset and 2 cores are there). Every route of a pair is measured right after its
 * reference in each round; a row reports the medians of its rounds and of its pairs' ratios (as bench/service.ts).
 * Server CPU time per request comes from /proc/<pid>/stat.
 */
import { deepStrictEqual } from "node:assert";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { expectSuccess, runCommand } from "../test/support/generated-project.ts";
import { procStat } from "../test/support/process-tree.ts";
import { launchServer, type RunningService } from "../test/support/runtimes.ts";
import {
  graphqlList,
  itemId,
  platformaticGraphqlList,
  platformaticRestList,
  restList,
  rowsOf,
} from "./crud-queries.ts";

const NODE = join(import.meta.dir, "../node_modules/.bin/node");
const PINNED = availableParallelism() >= 2 && Bun.which("taskset") !== null;
const PAGE = 1; // the page every measured list request asks for

/** One request: a GET path, or a POST of a JSON body. */
interface Call {
  readonly path: string;
  readonly body?: string;
}

interface Route {
  readonly server: "crud" | "platformatic";
  readonly name: string;
  /** The request for page or row `i` (answers are compared on several); `call(PAGE)` is measured. */
  readonly call: (i: number) => Call;
}

const routes = {
  crudRest: { server: "crud", name: "scaffold/crud REST list", call: (i) => ({ path: `/api${restList("items", i)}` }) },
  crudNested: {
    server: "crud",
    name: "scaffold/crud REST list + nested vendor",
    call: (i) => ({ path: `/api${restList("items-nested", i)}` }),
  },
  crudGet: { server: "crud", name: "scaffold/crud REST get by id", call: (i) => ({ path: `/api/items/${itemId(i)}` }) },
  crudGraphql: {
    server: "crud",
    name: "scaffold/crud GraphQL list + nested vendor",
    call: (i) => ({ path: "/graphql", body: graphqlList(i) }),
  },
  platformaticRest: {
    server: "platformatic",
    name: "Platformatic REST list",
    call: (i) => ({ path: platformaticRestList(i) }),
  },
  platformaticGet: {
    server: "platformatic",
    name: "Platformatic REST get by id",
    call: (i) => ({ path: `/items/${itemId(i)}` }),
  },
  platformaticGraphql: {
    server: "platformatic",
    name: "Platformatic GraphQL list + nested vendor",
    call: (i) => ({ path: "/graphql", body: platformaticGraphqlList(i) }),
  },
} satisfies Record<string, Route>;

/** A compared route, its reference, and the least ratio (subject / reference req/s) the issue asks for. */
interface Pairing {
  readonly subject: Route;
  readonly reference: Route;
  readonly target: number;
}

const pairings: Pairing[] = [
  { subject: routes.crudRest, reference: routes.platformaticRest, target: 1 },
  { subject: routes.crudGet, reference: routes.platformaticGet, target: 1 },
  { subject: routes.crudGraphql, reference: routes.platformaticGraphql, target: 1 },
  { subject: routes.crudGraphql, reference: routes.crudNested, target: 0.7 },
];

type Servers = Record<Route["server"], RunningService>;

async function request(servers: Servers, route: Route, i: number): Promise<Response> {
  const { path, body } = route.call(i);
  const init = body ? { method: "POST", body, headers: { "content-type": "application/json" } } : {};
  const response = await fetch(`${servers[route.server].url}${path}`, init);
  if (response.status !== 200) throw new Error(`${route.name}: ${response.status} ${await response.text()}`);
  return response;
}

/** Both routes of a pairing answer the same rows and total, on pages (or ids) 0, 1 and 3. */
async function expectSameRows(servers: Servers, pairing: Pairing): Promise<void> {
  for (const i of [0, PAGE, 3]) {
    const [subject, reference] = await Promise.all(
      [pairing.subject, pairing.reference].map(async (route) => {
        const response = await request(servers, route, i);
        return rowsOf(await response.json(), response.headers.get("x-total-count"));
      }),
    );
    deepStrictEqual(subject, reference, `${pairing.subject.name} and ${pairing.reference.name} differ on ${i}`);
  }
}

interface Load {
  rps: number;
  /** Server CPU time (user + system, all threads) per request, in µs. */
  cpuUs: number;
}

const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

function cpuSeconds(pid: number): number {
  const fields = procStat(pid);
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

interface Options {
  readonly seconds: number;
  readonly rounds: number;
  readonly connections: number;
}

/** wrk on core 1 against one route for `seconds`; a POST goes through a wrk Lua script. */
async function wrk(servers: Servers, route: Route, seconds: number, options: Options, dir: string): Promise<Load> {
  const { path, body } = route.call(PAGE);
  const args = ["-t1", "-c", String(options.connections), "-d", `${seconds}s`];
  if (body) {
    const script = join(dir, `${route.server}-graphql.lua`); // one POST route per server
    const lua = `wrk.method = "POST"\nwrk.body = ${JSON.stringify(body)}\nwrk.headers["Content-Type"] = "application/json"\n`;
    await writeFile(script, lua);
    args.push("-s", script);
  }
  const server = servers[route.server];
  const [command, ...prefix] = PINNED ? ["taskset", "-c", "1", "wrk"] : ["wrk"];
  const pid = server.pid();
  const before = cpuSeconds(pid);
  const result = await runCommand(command as string, [...prefix, ...args, `${server.url}${path}`], {
    cwd: dir,
    timeoutMs: (seconds + 30) * 1000,
  });
  const cpu = cpuSeconds(pid) - before;
  expectSuccess(`wrk ${route.name}`, result);
  const report = result.output;
  const number = (pattern: RegExp) => Number(report.match(pattern)?.[1] ?? 0);
  const requests = number(/(\d+) requests in /);
  const sockets = report.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const socketErrors = sockets ? sockets.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const failed = number(/Non-2xx or 3xx responses: (\d+)/) + socketErrors;
  if (requests === 0 || failed > 0) throw new Error(`wrk ${route.name}: failures\n${report}`);
  return { rps: number(/Requests\/sec:\s+([\d.]+)/), cpuUs: (cpu * 1e6) / requests };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

export interface PeerRow {
  subject: string;
  reference: string;
  rps: number;
  referenceRps: number;
  cpuUs: number;
  referenceCpuUs: number;
  /** Medians of the per-round ratios subject / reference. */
  rpsRatio: number;
  cpuRatio: number;
  target: number;
}

/** Starts both servers on `databaseUrl` (seeded by bench/crud.ts), checks their answers, measures every pairing. */
export async function comparePeers(databaseUrl: string, options: Options): Promise<PeerRow[]> {
  const dir = await mkdtemp(join(tmpdir(), "bench-crud-"));
  const started: RunningService[] = [];
  const launch = async (file: string) => {
    const command: [string, ...string[]] = [NODE, join(import.meta.dir, file)];
    const server = await launchServer(dir, file, PINNED ? ["taskset", "-c", "0", ...command] : command, {
      DATABASE_URL: databaseUrl,
    });
    started.push(server);
    return server;
  };
  try {
    const servers: Servers = {
      crud: await launch("crud-server.ts"),
      platformatic: await launch("crud-platformatic.ts"),
    };
    for (const pairing of pairings) await expectSameRows(servers, pairing);
    const warm = new Set<Route>();
    for (const route of pairings.flatMap((pairing) => [pairing.reference, pairing.subject])) {
      if (!warm.has(route)) await wrk(servers, route, 1, options, dir);
      warm.add(route);
    }
    const measured = pairings.map(() => ({ subject: [] as Load[], reference: [] as Load[] }));
    for (let round = 1; round <= options.rounds; round++) {
      console.log(`  Node peers: round ${round} of ${options.rounds}`);
      for (const [index, pairing] of pairings.entries()) {
        const into = measured[index] as { subject: Load[]; reference: Load[] };
        into.reference.push(await wrk(servers, pairing.reference, options.seconds, options, dir));
        into.subject.push(await wrk(servers, pairing.subject, options.seconds, options, dir));
      }
    }
    return pairings.map((pairing, index) => {
      const { subject, reference } = measured[index] as { subject: Load[]; reference: Load[] };
      const ratios = (key: keyof Load) =>
        median(subject.map((load, round) => load[key] / (reference[round] as Load)[key]));
      return {
        subject: pairing.subject.name,
        reference: pairing.reference.name,
        rps: median(subject.map((load) => load.rps)),
        referenceRps: median(reference.map((load) => load.rps)),
        cpuUs: median(subject.map((load) => load.cpuUs)),
        referenceCpuUs: median(reference.map((load) => load.cpuUs)),
        rpsRatio: ratios("rps"),
        cpuRatio: ratios("cpuUs"),
        target: pairing.target,
      };
    });
  } finally {
    for (const server of started) server.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

export function printPeers(rows: PeerRow[], options: Options): void {
  console.log(
    `\nNode ${PINNED ? "servers on core 0, wrk on core 1" : "(not pinned to cores: needs taskset and 2 cores)"}; wrk 1 thread, ${options.connections} connections, ${options.seconds} s per run, median of ${options.rounds} rounds (ratios: medians of back-to-back pairs); target: req/s ratio >= the row's target\n`,
  );
  console.log(
    "| route | req/s | CPU µs/req | compared with | its req/s | its CPU µs/req | req/s ratio | CPU ratio | check |",
  );
  console.log("|---|---:|---:|---|---:|---:|---:|---:|---|");
  for (const row of rows) {
    const check = `${row.rpsRatio >= row.target ? "target met" : "target missed"} (>= ${row.target.toFixed(1)}x)`;
    console.log(
      `| ${row.subject} | ${row.rps.toFixed(0)} | ${row.cpuUs.toFixed(0)} | ${row.reference} | ${row.referenceRps.toFixed(0)} | ${row.referenceCpuUs.toFixed(0)} | ${row.rpsRatio.toFixed(2)}x | ${row.cpuRatio.toFixed(2)}x | ${check} |`,
    );
  }
}
