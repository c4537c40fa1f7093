/**
 * Draining as Kubernetes expects it, on a generated `full` project: after SIGTERM readiness answers 503 at once while
 * everything else is served for SHUTDOWN_DELAY_MS, then the service stops accepting connections, finishes what is in
 * flight (request bodies still arriving included) and exits 0; a rolling restart behind a round-robin proxy loses no
 * request and no write.
 */
import { Database as SqliteDatabase } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Agent, request as httpRequest } from "node:http";
import { join } from "node:path";
import type { Database } from "../../../src/generate/template-tree.ts";
import { missing, mysqlUrl, postgresUrl } from "../../support/env.ts";
import { http } from "../../support/http.ts";
import { startRoundRobinProxy } from "../../support/round-robin-proxy.ts";
import { RUNTIMES, type RunningService, type Runtime, startService } from "../../support/runtimes.ts";
import { createMysqlDatabase, createPostgresDatabase, type ScratchDatabase } from "../../support/server-databases.ts";
import { installedFullProject } from "./installed-project.ts";

const SECRET = "a-random-production-secret-of-32-bytes-or-more";
const PASSWORD = "correct-horse-battery";

function serviceEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return { APP_ENV: "production", JWT_SECRET: SECRET, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", ...extra };
}

/** Registers `email`; its access token and user id. */
async function register(url: string, email: string) {
  const answer = await http(url, "POST", "/api/v1/auth/register", { body: { email, password: PASSWORD } });
  expect(answer.status).toBe(201);
  const token = (answer.json as { data: { access_token: string } }).data.access_token;
  const payload = JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8"));
  return { token, id: String(payload.sub) };
}

/**
 * A request whose body arrives in two parts: `head` at once, the rest when `finish()` is called. Its own connection,
 * so nothing else shares it.
 */
function slowRequest(url: string, method: string, path: string, headers: Record<string, string>, body: string) {
  const target = new URL(path, url);
  const split = Math.floor(body.length / 2);
  let answered: (answer: { status: number; text: string }) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const req = httpRequest(
    {
      host: target.hostname,
      port: target.port,
      method,
      path: target.pathname,
      agent: false,
      headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    },
    (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        text += chunk;
      });
      response.on("end", () => answered({ status: response.statusCode ?? 0, text }));
      response.on("error", failed);
    },
  );
  req.on("error", failed);
  req.write(body.slice(0, split));
  return {
    finish() {
      req.end(body.slice(split));
      return answer;
    },
  };
}

/** An idle keep-alive connection to `url`, as a load balancer or a browser leaves one; `close()` ends it. */
async function idleKeepAliveConnection(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL("/health", url);
  await new Promise<void>((done, fail) => {
    httpRequest({ host: target.hostname, port: target.port, path: target.pathname, agent }, (response) => {
      response.resume();
      response.on("end", done);
    })
      .on("error", fail)
      .end();
  });
  return { close: () => agent.destroy() };
}

/** The drain tests on every runtime, for a project in `projectDir()` on the database at `databaseUrl()`. */
function drainTests(projectDir: () => string, databaseUrl: () => string) {
  for (const runtime of RUNTIMES) {
    test(`${runtime}: a PUT whose body is still arriving at SIGTERM gets its 200, and the service exits 0`, async () => {
      const service = await startService(projectDir(), runtime, serviceEnv(databaseUrl()));
      try {
        const { token, id } = await register(service.url, `slow-put-${runtime}@example.com`);
        const idle = await idleKeepAliveConnection(service.url);
        const body = JSON.stringify({ email: `slow-put-${runtime}-renamed@example.com` });
        const upload = slowRequest(
          service.url,
          "PUT",
          `/api/v1/users/${id}`,
          { authorization: `Bearer ${token}` },
          body,
        );
        // The handler is now waiting for the rest of the body.
        await Bun.sleep(500);
        const stopped = service.stop("SIGTERM", 15_000);
        await Bun.sleep(500);
        const answer = await upload.finish();
        expect({ status: answer.status, text: answer.text }).toMatchObject({ status: 200 });
        expect(JSON.parse(answer.text).data.email).toBe(`slow-put-${runtime}-renamed@example.com`);
        const { code, ms } = await stopped;
        idle.close();
        console.log(
          `${runtime}: exit ${code} ${Math.round(ms)} ms after SIGTERM, the slow PUT answered ${answer.status}`,
        );
        expect(code).toBe(0);
        // The idle keep-alive connection did not hold the exit up (SHUTDOWN_TIMEOUT_MS is 10 s).
        expect(ms).toBeLessThan(5_000);
      } finally {
        service.kill();
      }
    }, 120_000);

    test(`${runtime}: readiness is 503 right after SIGTERM while other routes answer for SHUTDOWN_DELAY_MS`, async () => {
      const delayMs = 3_000;
      const timeoutMs = 4_000;
      const env = { SHUTDOWN_DELAY_MS: String(delayMs), SHUTDOWN_TIMEOUT_MS: String(timeoutMs) };
      const service = await startService(projectDir(), runtime, serviceEnv(databaseUrl(), env));
      try {
        const email = `delay-${runtime}@example.com`;
        const { token } = await register(service.url, email);
        expect((await http(service.url, "GET", "/health/readiness")).status).toBe(200);
        const signalled = performance.now();
        const stopped = service.stop("SIGTERM", 30_000);
        let readiness = await http(service.url, "GET", "/health/readiness");
        while (readiness.status === 200 && performance.now() - signalled < 1_000) {
          readiness = await http(service.url, "GET", "/health/readiness");
        }
        expect(readiness.status).toBe(503);
        const notReadyMs = performance.now() - signalled;
        expect(readiness.json).toMatchObject({ status: "not_ready", reason: "shutting_down" });
        // Everything else is still served, on new connections too, while load balancers catch up.
        const fresh = { headers: { connection: "close" } };
        expect((await http(service.url, "GET", "/health", fresh)).status).toBe(200);
        expect((await http(service.url, "GET", "/api/v1/users", { ...fresh, token })).status).toBe(200);
        const login = await http(service.url, "POST", "/api/v1/auth/login", { body: { email, password: PASSWORD } });
        expect(login.status).toBe(200);
        expect(performance.now() - signalled).toBeLessThan(delayMs);
        const { code, ms } = await stopped;
        expect(code).toBe(0);
        console.log(
          `${runtime}: readiness 503 within ${Math.round(notReadyMs)} ms of SIGTERM, exit ${code} after ${Math.round(ms)} ms`,
        );
        expect(ms).toBeGreaterThanOrEqual(delayMs);
        expect(ms).toBeLessThan(delayMs + timeoutMs);
      } finally {
        service.kill();
      }
    }, 120_000);
  }
}

describe("graceful drain on SQLite", () => {
  const projectDir = installedFullProject("sqlite", "none");
  drainTests(projectDir, () => `file:${join(projectDir(), ".data", "drain.sqlite")}`);
});

describe.skipIf(missing("TEST_POSTGRES_URL", postgresUrl))("graceful drain on PostgreSQL", () => {
  const projectDir = installedFullProject("postgres", "none");
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    scratch = await createPostgresDatabase(postgresUrl as string, "drain");
  });
  afterAll(() => scratch?.drop());
  drainTests(projectDir, () => (scratch as ScratchDatabase).url);
});

/** Continuous mixed load through `url`: each client registers, then reads and renames its user until stopped. */
function mixedLoad(url: string, clients: number, prefix: string) {
  const counts = { requests: 0, writes: 0 };
  const failures: string[] = [];
  /** The e-mail each user last had acknowledged. */
  const acknowledged = new Map<string, string>();
  let running = true;

  const call = async (method: string, path: string, expected: number, request: Parameters<typeof http>[3] = {}) => {
    counts.requests++;
    try {
      const answer = await http(url, method, path, request);
      if (answer.status === expected) return answer;
      failures.push(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
    } catch (error) {
      failures.push(`${method} ${path}: ${(error as Error).message}`);
    }
    return undefined;
  };

  const client = async (n: number) => {
    let email = `${prefix}-${n}@example.com`;
    const registered = await call("POST", "/api/v1/auth/register", 201, { body: { email, password: PASSWORD } });
    if (!registered) return;
    counts.writes++;
    const token = (registered.json as { data: { access_token: string } }).data.access_token;
    const id = String(JSON.parse(Buffer.from(token.split(".")[1] as string, "base64url").toString("utf8")).sub);
    acknowledged.set(id, email);
    for (let round = 0; running; round++) {
      await call("GET", `/api/v1/users/${id}`, 200, { token });
      const renamed = `${prefix}-${n}-${round}@example.com`;
      if (await call("PUT", `/api/v1/users/${id}`, 200, { token, body: { email: renamed } })) {
        email = renamed;
        acknowledged.set(id, email);
        counts.writes++;
      }
      await call("GET", "/api/v1/users?limit=5", 200, { token });
      await Bun.sleep(10);
    }
  };

  const done = Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return {
    counts,
    failures,
    acknowledged,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** The e-mail of every user in the database, by id. */
async function storedEmails(query: (sql: string) => Promise<Record<string, unknown>[]>) {
  const rows = await query("SELECT id, email FROM users");
  return new Map(rows.map((row) => [String(row.id), String(row.email)]));
}

/**
 * Two replicas on one database behind the proxy, under load: twice, start a new replica, put it in rotation,
 * SIGTERM an old one and let the proxy drop it when its readiness says 503.
 */
async function rollingRestart(
  dir: string,
  runtime: Runtime,
  databaseUrl: string,
  query: (sql: string) => Promise<Record<string, unknown>[]>,
  label: string,
) {
  const env = serviceEnv(databaseUrl, { SHUTDOWN_DELAY_MS: "1000" });
  const proxy = await startRoundRobinProxy();
  const replicas: RunningService[] = [];
  try {
    for (let i = 0; i < 2; i++) replicas.push(await startService(dir, runtime, env));
    for (const replica of replicas) proxy.add(replica.url);
    for (const replica of replicas) await proxy.waitUntil(replica.url, true);
    const load = mixedLoad(proxy.url, 4, `rolling-${label.replace(/\W+/g, "-")}`);
    await Bun.sleep(1_000);
    for (const old of replicas.slice()) {
      const fresh = await startService(dir, runtime, env);
      replicas.push(fresh);
      proxy.add(fresh.url);
      await proxy.waitUntil(fresh.url, true);
      const stopped = old.stop("SIGTERM", 30_000);
      await proxy.waitUntil(old.url, false);
      expect((await stopped).code).toBe(0);
      proxy.remove(old.url);
      await Bun.sleep(500);
    }
    await Bun.sleep(1_000);
    await load.stop();
    const stored = await storedEmails(query);
    const lost = [...load.acknowledged].filter(([id, email]) => stored.get(id) !== email);
    console.log(
      `rolling restart, ${label}: ${load.counts.requests} requests, ${load.counts.writes} acknowledged writes, ` +
        `${load.failures.length} failures, ${lost.length} writes lost`,
    );
    expect(load.failures).toEqual([]);
    expect(lost).toEqual([]);
    expect(load.acknowledged.size).toBe(4);
    expect(load.counts.writes).toBeGreaterThan(8);
  } finally {
    await proxy.close();
    for (const replica of replicas) replica.kill();
  }
}

describe("rolling restart on SQLite", () => {
  const projectDir = installedFullProject("sqlite", "none");
  test("deno: two replicas replaced one by one under load lose no request and no write", async () => {
    const file = join(projectDir(), ".data", "rolling.sqlite");
    const query = async (sql: string) => {
      const db = new SqliteDatabase(file, { readonly: true });
      try {
        return db.query(sql).all() as Record<string, unknown>[];
      } finally {
        db.close();
      }
    };
    await rollingRestart(projectDir(), "deno", `file:${file}`, query, "sqlite, deno");
  }, 300_000);
});

const servers: Array<{
  database: Database;
  runtime: Runtime;
  url: string | undefined;
  create: typeof createPostgresDatabase;
}> = [
  { database: "postgres", runtime: "node", url: postgresUrl, create: createPostgresDatabase },
  { database: "mysql", runtime: "bun", url: mysqlUrl, create: createMysqlDatabase },
];

for (const { database, runtime, url, create } of servers) {
  describe.skipIf(missing(`TEST_${database.toUpperCase()}_URL`, url))(`rolling restart on ${database}`, () => {
    const projectDir = installedFullProject(database, "none");
    let scratch: ScratchDatabase | undefined;
    afterAll(() => scratch?.drop());
    test(`${runtime}: two replicas replaced one by one under load lose no request and no write`, async () => {
      scratch = await create(url as string, "drain");
      const query = (sql: string) => (scratch as ScratchDatabase).query(sql, []);
      await rollingRestart(projectDir(), runtime, scratch.url, query, `${database}, ${runtime}`);
    }, 300_000);
  });
}
