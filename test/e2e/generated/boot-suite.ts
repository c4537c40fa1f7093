import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import type { TemplateName } from "../../../src/generate/template-tree.ts";
import { chromiumPath, missing } from "../../support/env.ts";
import { oldestNodeVersion } from "../../support/oldest-node.ts";
import { lintOpenApi } from "../../support/openapi-lint.ts";
import { type BootRuntime, type RunningService, startService } from "../../support/runtimes.ts";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";
import { renderApidocs } from "./apidocs-browser.ts";
import type { OpenBackend } from "./backends.ts";
import { type ContractTarget, describeHttpContract } from "./contract.ts";
import { ContractClient, expectShape, ISO_UTC, uniqueEmail } from "./contract-client.ts";
import { describeGraphqlContract } from "./contract-graphql.ts";
import { describeMinimalContract } from "./contract-minimal.ts";
import { renderGraphiql } from "./graphiql-browser.ts";
import { GraphqlClient } from "./graphql-client.ts";
import { templateCalls } from "./template-calls.ts";

export interface BootOptions {
  /** The template the project was generated from: its contract is run (default `full`). */
  template?: TemplateName;
  runtime: BootRuntime;
  /** The generated project and its database, ready once the enclosing suite's `beforeAll` has run. */
  project: () => { dir: string; backend: OpenBackend };
  /** Server databases: boot behind a TCP proxy and test readiness through a real outage and its recovery. */
  outage: boolean;
  /** Also open the API reference (graphql: GraphiQL, with introspection on for this boot) in headless Chromium. */
  browser: boolean;
}

/** A deletion time as any driver returns it (Date, ISO text, epoch seconds or milliseconds) -> ms, or NaN. */
function toEpochMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number" || typeof value === "bigint") {
    const n = Number(value);
    return n < 1e11 ? n * 1000 : n;
  }
  if (typeof value === "string") return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.NaN;
}

/**
 * One boot of a generated service on one runtime: the whole HTTP contract, then (for server databases) an outage,
 * the API reference in a browser, SIGTERM, and finally the soft-deleted rows read straight from the database.
 */
export function describeBoot(options: BootOptions): void {
  const template = options.template ?? "full";
  const full = template === "full";
  const calls = templateCalls(template);
  // GraphiQL is served only with introspection on: the boot that opens it in a browser turns it on, the others keep
  // production's default (off), so the contract sees both.
  const introspection = template === "graphql" && options.browser;
  const jwtSecret = randomBytes(32).toString("hex");
  // An administrator the contract registers; listed upper-cased, next to another address, as e-mails are normalised.
  const adminEmail = uniqueEmail("admin");
  const target: ContractTarget & { introspection: boolean } = {
    url: "",
    jwtSecret,
    adminEmail,
    deletedUserIds: [],
    introspection,
  };
  let service: RunningService | undefined;
  let proxy: TcpProxy | undefined;

  const label = options.runtime === "oldest node" ? `Node.js ${oldestNodeVersion()}` : options.runtime;
  describe(`boot on ${label}`, () => {
    beforeAll(async () => {
      const { dir, backend } = options.project();
      let databaseUrl = backend.databaseUrl();
      if (options.outage) {
        if (!backend.server) throw new Error("an outage needs a server database");
        proxy = await startTcpProxy(backend.server.host, backend.server.port);
        databaseUrl = backend.databaseUrl(proxy.port);
      }
      const templateEnv: Record<string, string> = full
        ? {
            JWT_SECRET: jwtSecret,
            ADMIN_EMAILS: `someone-else@example.com, ${adminEmail.toUpperCase()}`,
            // The contract signs in far more often than a client would, all from 127.0.0.1 and on every runtime
            // against one database; the limits themselves are tested in auth-rate-limit.test.ts.
            AUTH_RATE_LIMIT_PER_ADDRESS: "100000",
            AUTH_RATE_LIMIT_PER_ACCOUNT: "100000",
          }
        : introspection
          ? { GRAPHQL_INTROSPECTION: "true" }
          : {};
      service = await startService(dir, options.runtime, {
        DATABASE_URL: databaseUrl,
        APP_ENV: "production",
        ...templateEnv,
      });
      target.url = service.url;
    }, 120_000);

    afterAll(async () => {
      service?.kill();
      await proxy?.close();
    }, 30_000);

    if (full) describeHttpContract(() => target);
    else if (template === "minimal") describeMinimalContract(() => target);
    else describeGraphqlContract(() => target);

    // The document does not depend on the runtime or the database: linted on one boot per project.
    if (template !== "graphql" && options.browser) {
      test("the live OpenAPI document passes Redocly's recommended rules and Spectral's spectral:oas: no error, no warning", async () => {
        const answer = await new ContractClient(target.url).call("GET", "/apidocs/openapi.json");
        expect(answer.status).toBe(200);
        expect(await lintOpenApi(answer.json)).toEqual([]);
      }, 60_000);
    }

    if (options.outage) {
      test("readiness: 503 not_ready within 3 s when the database stops answering, a read answered SERVICE_UNAVAILABLE without internals (REST: 503), then recovery", async () => {
        const activeProxy = proxy as TcpProxy;
        const client = new ContractClient(target.url);
        // The list of users reads the database: with the full template as a signed-in user.
        const token = full ? (await client.newSession("outage")).access : undefined;
        const readiness = () => client.call("GET", "/health/readiness", { timeoutMs: 10_000 });
        try {
          // A pulled cable: nothing answers, only the service's own 2 s ping timeout can tell.
          activeProxy.setMode("blackhole");
          const hung = await readiness();
          expect(hung.status).toBe(503);
          expect(hung.ms).toBeLessThan(3_000);
          expectShape(hung.json, {
            status: "not_ready",
            service: expect.any(String),
            timestamp: expect.stringMatching(ISO_UTC),
            checks: { database: "error" },
            error: expect.anything(),
          });
          expect((await client.call("GET", "/health/liveness")).status).toBe(200);

          // A server that is down: queries fail fast, answered SERVICE_UNAVAILABLE in the template's error shape, no stack.
          activeProxy.setMode("refuse");
          const down = await readiness();
          expect(down.status).toBe(503);
          expect(down.ms).toBeLessThan(3_000);
          calls.expectReadFailed(await calls.read(client, token));
        } finally {
          activeProxy.setMode("forward");
        }
        // Recovery: the service reconnects on its own.
        const deadline = Date.now() + 10_000;
        let recovered = await readiness();
        while (recovered.status !== 200 && Date.now() < deadline) {
          await Bun.sleep(250);
          recovered = await readiness();
        }
        expectShape(recovered.json, { status: "ready", checks: { database: "ok" } });
        calls.expectReadOk(await calls.read(client, token));
      }, 60_000);
    }

    if (options.browser && template === "graphql") {
      test.skipIf(missing("chromium (apt-get install chromium)", chromiumPath))(
        "headless Chromium renders GraphiQL, runs a query and shows its result, with no request leaving the service",
        async () => {
          const { id, email } = await new GraphqlClient(target.url).createUser({ email: uniqueEmail("graphiql") });
          // One user: the result pane shows only the lines that fit on the screen.
          const page = await renderGraphiql(target.url, `{ user(id: "${id}") { id email } }`, email);
          expect(page.result).toContain(email);
          expect(page.foreignRequests).toEqual([]);
          expect(page.failedRequests).toEqual([]);
        },
        90_000,
      );
    }

    if (options.browser && template !== "graphql") {
      test.skipIf(missing("chromium (apt-get install chromium)", chromiumPath))(
        "headless Chromium renders the operations of /apidocs with no request leaving the service and no CSP violation",
        async () => {
          const first = full ? "/api/v1/auth/register" : "/api/v1/users/{id}";
          const page = await renderApidocs(target.url, first);
          expect(page.text).toContain(first);
          expect(page.text).toContain("/api/v1/users");
          expect(page.foreignRequests).toEqual([]);
          expect(page.failedRequests).toEqual([]);
          expect(page.cspViolations).toEqual([]);
        },
        60_000,
      );
    }

    test("the start-up line names the runtime and its version", () => {
      const lines = (service as RunningService).output().split("\n");
      const listening = lines
        .map((line) => (line.startsWith("{") ? JSON.parse(line) : {}))
        .find((e) => e.msg === "listening");
      const oldest = options.runtime === "oldest node";
      expect(listening).toMatchObject({
        level: 30,
        runtime: oldest ? "node" : options.runtime,
        runtimeVersion: oldest ? oldestNodeVersion() : expect.stringMatching(/^\d+\.\d+\.\d+/),
        port: Number(new URL(target.url).port),
      });
    });

    test("access log: one JSON line per request (method, route, path, status, duration, request id); X-Request-Id on every answer", async () => {
      const running = service as RunningService;
      const mark = `e2e-${randomBytes(6).toString("hex")}`;
      const sent = await Promise.all([
        fetch(`${target.url}${calls.logged.path}`, { headers: { "X-Request-Id": `${mark}-a` } }),
        fetch(`${target.url}/no/such/route`, { headers: { "X-Request-Id": `${mark}-b` } }),
        fetch(`${target.url}/health`, { headers: { "X-Request-Id": `${mark}-c` } }),
      ]);
      expect(sent.map((res) => res.headers.get("x-request-id"))).toEqual([`${mark}-a`, `${mark}-b`, `${mark}-c`]);
      // Without one: the answer names the id the service made (hono/request-id sends it on every answer).
      const error = await fetch(`${target.url}/no/such/${mark}`);
      const generated = error.headers.get("x-request-id");
      expect(generated).toMatch(/^[0-9a-f-]{36}$/);
      expect((await fetch(`${target.url}/health`)).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      // pino's destination writes asynchronously: wait for the lines.
      const logged = async () => {
        const deadline = Date.now() + 5_000;
        for (;;) {
          const lines = running
            .output()
            .split("\n")
            .filter((line) => line.includes(mark));
          if (lines.length >= 4 || Date.now() > deadline) return lines.map((line) => JSON.parse(line));
          await Bun.sleep(50);
        }
      };
      const byId = new Map((await logged()).map((entry) => [entry.requestId, entry]));
      const common = { level: 30, time: expect.any(Number), service: expect.any(String), msg: "request" };
      expect(byId.get(`${mark}-a`)).toEqual({
        ...common,
        requestId: `${mark}-a`,
        method: "GET",
        route: calls.logged.route,
        path: calls.logged.path.split("?")[0],
        status: calls.logged.status,
        durationMs: expect.any(Number),
      });
      expect(byId.get(`${mark}-b`)).toMatchObject({ route: "/*", path: "/no/such/route", status: 404 });
      expect(byId.get(`${mark}-c`)).toMatchObject({ route: "/health", path: "/health", status: 200 });
      expect(byId.get(generated as string)).toMatchObject({ path: `/no/such/${mark}`, status: 404 });
    });

    test(`SIGTERM: a request in flight${full ? " (bcrypt)" : ""} still gets its answer, then the service exits with code 0 within 10 s`, async () => {
      const running = service as RunningService;
      const client = new ContractClient(target.url);
      const inFlight = calls.write(client, "in-flight");
      // Registration hashes with bcrypt for well over 100 ms: the request is being handled then. Creating a user
      // takes a few ms: it is sent, and may already be answered, when the signal arrives.
      await Bun.sleep(full ? 100 : 5);
      const stopped = await running.stop("SIGTERM", 10_000);
      calls.expectWritten(await inFlight);
      if (stopped.code !== 0) {
        throw new Error(`exit code ${stopped.code} after SIGTERM\n--- output ---\n${running.output()}`);
      }
    }, 15_000);

    test("soft delete: each deleted user's row is still in the database with its deletion time", async () => {
      expect(target.deletedUserIds.length).toBeGreaterThan(0);
      const { backend } = options.project();
      for (const id of target.deletedUserIds) {
        const deletedAt = await backend.deletedAt(id);
        if (deletedAt === undefined) throw new Error(`user ${id}'s row is gone: a hard delete`);
        const ms = toEpochMs(deletedAt);
        expect(Math.abs(Date.now() - ms)).toBeLessThan(30 * 60_000);
      }
    }, 30_000);
  });
}
