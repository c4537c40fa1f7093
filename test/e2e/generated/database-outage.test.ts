import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import { dirname } from "node:path";
import { missing, mysqlUrl, postgresUrl } from "../../support/env.ts";
import { expectSuccess, generateFullProject, npmInstall } from "../../support/generated-project.ts";
import type { HttpAnswer } from "../../support/http.ts";
import { RUNTIMES, type Runtime, startService } from "../../support/runtimes.ts";
import { createMysqlDatabase, createPostgresDatabase, type ScratchDatabase } from "../../support/server-databases.ts";
import { type ProxyMode, startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";
import { ContractClient, type Session, uniqueEmail } from "./contract-client.ts";

/**
 * Issue 31, item 2: a generated `full` service whose database goes away under light load answers every request
 * fast (503 SERVICE_UNAVAILABLE where it needs the database, readiness 503) and recovers by itself when the database
 * is back, with every acknowledged write kept. The database is cut through a TCP proxy for OUTAGE_MS, both as a pulled
 * cable (`blackhole`) and as a server that is down (`refuse`); the timings are printed for the closing note.
 */
const OUTAGE_MS = 5_000;
/**
 * What an outage may add to an answer: the services bound connecting and each statement at 2 s by default. On top of
 * it a request takes its own time (a sign-up hashes its password), measured before the cut under the same load.
 */
const ANSWER_WITHIN_MS = 2_500;
/** After the database is back, from when on every request succeeds. */
const RECOVER_WITHIN_MS = 2_000;
/** Load kept up after the database is back, to see the recovery and that it holds. */
const AFTER_MS = 4_000;
const SECRET = "a-random-production-secret-of-32-bytes-or-more";

type Kind = "write" | "read" | "readiness";

interface Sample {
  kind: Kind;
  start: number;
  end: number;
  status: number;
  code?: unknown;
  /** The e-mail a write registered. */
  email?: string;
}

/** The answer as a sample; a request that got no answer in 10 s (or a network error) is status 0. */
async function sample(kind: Kind, send: () => Promise<HttpAnswer>, email?: string): Promise<Sample> {
  const start = performance.now();
  try {
    const answer = await send();
    const code = (answer.json as { error?: { code?: unknown } } | undefined)?.error?.code;
    return { kind, start, end: performance.now(), status: answer.status, code, email };
  } catch {
    return { kind, start, end: performance.now(), status: 0, email };
  }
}

/** Light load until `until()`: two writers (sign-ups), two readers (the list of users) and a readiness probe. */
async function load(client: ContractClient, session: Session, samples: Sample[], until: () => boolean): Promise<void> {
  const loop = async (next: () => Promise<Sample>, pauseMs: number) => {
    while (!until()) {
      samples.push(await next());
      await Bun.sleep(pauseMs);
    }
  };
  const timeoutMs = 10_000;
  const write = () => {
    const email = uniqueEmail("outage");
    const body = { email, password: "correct horse battery" };
    return sample("write", () => client.call("POST", "/api/v1/auth/register", { body, timeoutMs }), email);
  };
  const read = () => sample("read", () => client.call("GET", "/api/v1/users", { token: session.access, timeoutMs }));
  const readiness = () => sample("readiness", () => client.call("GET", "/health/readiness", { timeoutMs }));
  await Promise.all([loop(write, 20), loop(write, 20), loop(read, 20), loop(read, 20), loop(readiness, 100)]);
}

const summary = (s: Sample) => `${s.kind} ${s.status} ${s.code ?? ""} in ${Math.round(s.end - s.start)} ms`;

const ok = (s: Sample) => (s.kind === "write" ? s.status === 201 : s.status === 200);

/** Cuts the database in `mode` for OUTAGE_MS under load, restores it, and checks and measures what the service did. */
async function outage(
  url: string,
  proxy: TcpProxy,
  mode: ProxyMode,
  database: ScratchDatabase,
  label: string,
): Promise<void> {
  const client = new ContractClient(url);
  const session = await client.newSession("outage-reader");
  let stopAt = Number.POSITIVE_INFINITY;
  const samples: Sample[] = [];
  const running = load(client, session, samples, () => performance.now() > stopAt);
  // Warm up: a second at least, and until every kind of request has been answered once.
  const warmedUp = () => new Set(samples.filter(ok).map((s) => s.kind)).size === 3;
  await Bun.sleep(1_000);
  while (!warmedUp()) await Bun.sleep(100);
  const cut = performance.now();
  proxy.setMode(mode);
  await Bun.sleep(OUTAGE_MS);
  proxy.setMode("forward");
  const back = performance.now();
  stopAt = back + AFTER_MS;
  await running;
  const ms = (s: Sample) => Math.round(s.end - s.start);
  // Recovered: from the start of the first request after which nothing failed.
  const after = samples.filter((s) => s.start >= back).sort((a, b) => a.start - b.start);
  const lastFailure = after.findLast((s) => !ok(s));
  const recoveredAt = lastFailure ? (after.find((s) => s.start > lastFailure.start)?.start ?? Number.NaN) : back;
  const recoveredMs = Math.round(recoveredAt - back);
  const firstOkMs = Math.round(Math.min(...after.filter(ok).map((s) => s.end)) - back);
  const during = samples.filter((s) => s.start >= cut && s.end <= back);
  const usual = Math.max(...samples.filter((s) => s.end < cut).map(ms));
  const maxOf = (kind: Kind) =>
    Math.max(0, ...samples.filter((s) => s.kind === kind && s.start >= cut && s.start < back).map(ms));
  console.log(
    `[outage] ${label} ${mode} ${OUTAGE_MS} ms: slowest answer to a request sent during the outage: write ${maxOf("write")} ms, read ${maxOf("read")} ms, readiness ${maxOf("readiness")} ms (slowest before it: ${usual} ms); recovered ${recoveredMs} ms after the database was back, first success answered after ${firstOkMs} ms (${samples.length} requests, ${during.length} answered during the outage)`,
  );

  const late = samples.filter((s) => ms(s) > ANSWER_WITHIN_MS + usual);
  expect(late.map(summary)).toEqual([]);

  // Sent and answered while the database was away: the database's 503, readiness's 503.
  expect(during.some((s) => s.kind === "readiness")).toBe(true);
  expect(during.some((s) => s.kind !== "readiness")).toBe(true);
  const unavailable = (s: Sample) =>
    s.kind === "readiness" ? s.status === 503 : s.status === 503 && s.code === "SERVICE_UNAVAILABLE";
  expect(during.filter((s) => !unavailable(s)).map(summary)).toEqual([]);
  // Sent during the outage and answered after it: either of the two, never another error.
  const sent = samples.filter((s) => s.start >= cut && s.start < back);
  expect(sent.filter((s) => !unavailable(s) && !ok(s)).map(summary)).toEqual([]);

  expect(recoveredMs).toBeLessThan(RECOVER_WITHIN_MS);
  expect(after.filter(ok).length).toBeGreaterThan(10);

  // Every acknowledged sign-up is in the database.
  const acknowledged = samples.filter((s) => s.kind === "write" && s.status === 201).map((s) => s.email as string);
  const stored = new Set<unknown>();
  for (const email of acknowledged) {
    const rows = await database.query("SELECT email FROM users WHERE email = $1", [email]);
    for (const row of rows) stored.add(row.email);
  }
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
}

interface ServerDatabase {
  label: string;
  database: "postgres" | "mysql";
  serverUrl: string | undefined;
  create(serverUrl: string): Promise<ScratchDatabase>;
}

const servers: ServerDatabase[] = [
  {
    label: "PostgreSQL",
    database: "postgres",
    serverUrl: postgresUrl,
    create: (server) => createPostgresDatabase(server, "e2e_outage"),
  },
  {
    label: "MariaDB",
    database: "mysql",
    serverUrl: mysqlUrl,
    create: (server) => createMysqlDatabase(server, "e2e_outage"),
  },
];

for (const server of servers) {
  describe.skipIf(missing(`${server.label} (TEST_${server.database.toUpperCase()}_URL)`, server.serverUrl))(
    `${server.label}: a database outage under load`,
    () => {
      let dir = "";
      let database: ScratchDatabase;
      let proxy: TcpProxy;

      beforeAll(async () => {
        dir = await generateFullProject(server.database);
        expectSuccess("npm install", await npmInstall(dir));
        database = await server.create(server.serverUrl as string);
        const target = new URL(database.url);
        proxy = await startTcpProxy(
          target.hostname,
          Number(target.port || (server.database === "mysql" ? 3306 : 5432)),
        );
      }, 600_000);

      afterAll(async () => {
        await proxy?.close();
        await database?.drop();
        if (dir) await rm(dirname(dir), { recursive: true, force: true });
      }, 60_000);

      const proxiedUrl = () => {
        const url = new URL(database.url);
        url.hostname = "127.0.0.1";
        url.port = String(proxy.port);
        return url.toString();
      };

      for (const runtime of RUNTIMES as readonly Runtime[]) {
        test(`${runtime}: fast 503s while the database is cut (blackhole, then refuse), recovery, no acknowledged write lost`, async () => {
          const service = await startService(dir, runtime, {
            APP_ENV: "production",
            JWT_SECRET: SECRET,
            LOG_LEVEL: "error",
            // The load comes from one address: sign-in limits are not what this test is about.
            AUTH_RATE_LIMIT_PER_ADDRESS: "100000",
            DATABASE_URL: proxiedUrl(),
          });
          try {
            for (const mode of ["blackhole", "refuse"] as const) {
              await outage(service.url, proxy, mode, database, `${server.label} ${runtime}`);
            }
            expect(service.alive()).toBe(true);
          } finally {
            proxy.setMode("forward");
            service.kill();
          }
        }, 120_000);
      }
    },
  );
}
