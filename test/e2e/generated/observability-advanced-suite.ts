import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Database } from "../../../src/generate/template-tree.ts";
import { expectSuccess, npmRun } from "../../support/generated-project.ts";
import { http } from "../../support/http.ts";
import { oldestNodeVersion } from "../../support/oldest-node.ts";
import { lintOpenApi } from "../../support/openapi-lint.ts";
import { metricFamilies, parsePrometheusText, type Sample, sampleValue } from "../../support/prometheus-text.ts";
import { metricFamily, promqlMetricNames } from "../../support/promql-names.ts";
import { BOOT_RUNTIMES, type BootRuntime, type RunningService, startService } from "../../support/runtimes.ts";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";
import type { Backend, OpenBackend } from "./backends.ts";
import { installedFullProject } from "./installed-project.ts";
import { decodeJwt } from "./jwt.ts";

export interface AdvancedPlan {
  database: Database;
  /** `npm test` with the default (embedded) database; else with DATABASE_URL at the first backend. */
  testsWithDefaultDatabase: boolean;
  /** Where the service boots; `outage` (server databases) also provokes 5xx answers through a TCP proxy. */
  backends: { backend: Backend; outage: boolean }[];
}

/** prom-client default metrics that are true only on Node.js (the project leaves them out on Bun and Deno). */
const NODE_ONLY = ["nodejs_version_info", "nodejs_gc_duration_seconds", "nodejs_eventloop_lag_p99_seconds"];

async function scrapeText(service: RunningService): Promise<string> {
  const answer = await http(service.url, "GET", "/metrics");
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
  return answer.text;
}
const scrape = async (service: RunningService): Promise<Sample[]> => parsePrometheusText(await scrapeText(service));

const requests = (samples: Sample[], method: string, route: string, status: number) =>
  sampleValue(samples, "http_requests_total", { method, route, status: String(status) });
const routeLabels = (samples: Sample[]) =>
  [...new Set(samples.filter(({ name }) => name === "http_requests_total").map(({ labels }) => labels.route))].sort();

function describeMetricsBoot(
  runtime: BootRuntime,
  project: () => { dir: string; backend: OpenBackend },
  outage: boolean,
) {
  const label = runtime === "oldest node" ? `Node.js ${oldestNodeVersion()}` : runtime;
  describe(`boot on ${label}`, () => {
    const jwtSecret = randomBytes(32).toString("hex");
    let service: RunningService | undefined;
    let proxy: TcpProxy | undefined;

    beforeAll(async () => {
      const { dir, backend } = project();
      let databaseUrl = backend.databaseUrl();
      if (outage && backend.server) {
        proxy = await startTcpProxy(backend.server.host, backend.server.port);
        databaseUrl = backend.databaseUrl(proxy.port);
      }
      service = await startService(dir, runtime, {
        DATABASE_URL: databaseUrl,
        APP_ENV: "production",
        JWT_SECRET: jwtSecret,
      });
    }, 120_000);

    afterAll(async () => {
      service?.kill();
      await proxy?.close();
    }, 30_000);

    test("after a known set of requests /metrics carries each count exactly, by route template; unknown paths add no label", async () => {
      const running = service as RunningService;
      const email = `metrics-${crypto.randomUUID()}@example.com`;
      const registered = await http(running.url, "POST", "/api/v1/auth/register", {
        body: { email, password: "correct-horse-battery" },
      });
      expect(registered.status).toBe(201);
      const token = (registered.json as { data: { access_token: string } }).data.access_token;
      const id = decodeJwt(token).payload.sub;
      for (const _ of [1, 2, 3])
        expect((await http(running.url, "GET", `/api/v1/users/${id}`, { token })).status).toBe(200);
      expect((await http(running.url, "GET", "/api/v1/users/999999", { token })).status).toBe(404);
      expect((await http(running.url, "GET", `/api/v1/users/${id}`)).status).toBe(401);
      expect((await http(running.url, "GET", `/no/such/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await http(running.url, "GET", "/health/readiness")).status).toBe(200);

      const first = await scrape(running);
      expect(requests(first, "POST", "/api/v1/auth/register", 201)).toBe(1);
      expect(requests(first, "GET", "/api/v1/users/:id", 200)).toBe(3);
      expect(requests(first, "GET", "/api/v1/users/:id", 404)).toBe(1);
      expect(requests(first, "GET", "/api/v1/users/:id", 401)).toBe(1);
      expect(requests(first, "GET", "unmatched", 404)).toBe(1);
      expect(requests(first, "GET", "/health/readiness", 200)).toBe(1);
      // The boot waited for GET /health, polling: at least once, however many times.
      expect(requests(first, "GET", "/health", 200)).toBeGreaterThanOrEqual(1);
      const histogram = { method: "GET", route: "/api/v1/users/:id", status: "200" };
      expect(sampleValue(first, "http_request_duration_seconds_count", histogram)).toBe(3);
      expect(sampleValue(first, "http_request_duration_seconds_bucket", { ...histogram, le: "+Inf" })).toBe(3);
      expect(sampleValue(first, "http_request_duration_seconds_sum", histogram)).toBeGreaterThan(0);
      expect(sampleValue(first, "http_requests_in_flight")).toBe(0);
      expect(sampleValue(first, "health_check_status", { check: "database" })).toBe(1);
      expect(sampleValue(first, "health_check_duration_seconds_count", { check: "database" })).toBe(1);
      const routes = ["/api/v1/auth/register", "/api/v1/users/:id", "/health", "/health/readiness", "unmatched"];
      expect(routeLabels(first)).toEqual(routes);

      // Another random path and two scrapes later: one more `unmatched`, no new label value, scrapes not counted.
      expect((await http(running.url, "GET", `/${crypto.randomUUID()}/${crypto.randomUUID()}`)).status).toBe(404);
      const second = await scrape(running);
      expect(requests(second, "GET", "unmatched", 404)).toBe(2);
      expect(routeLabels(second)).toEqual(routes);
    }, 60_000);

    // After the exact counts above (reading the document is a request too). The document does not depend on the
    // runtime: linted on Node.js only (registered there only, so no other runtime reports it as skipped).
    if (runtime === "node") {
      test("the live OpenAPI document passes Redocly's recommended rules and Spectral's spectral:oas (/metrics is not in it)", async () => {
        const answer = await http((service as RunningService).url, "GET", "/apidocs/openapi.json");
        expect(answer.status).toBe(200);
        expect(Object.keys((answer.json as { paths: object }).paths)).not.toContain("/metrics");
        expect(await lintOpenApi(answer.json)).toEqual([]);
      }, 60_000);
    }

    test("every metric the Grafana dashboard and the alert rules query is one the service exports", async () => {
      const { dir } = project();
      const dashboard = JSON.parse(
        await readFile(join(dir, "deployments/grafana/dashboards/service.json"), "utf8"),
      ) as {
        panels: { targets: { expr: string }[] }[];
      };
      const alerts = Bun.YAML.parse(await readFile(join(dir, "deployments/prometheus/alerts.yml"), "utf8")) as {
        groups: { rules: { expr: string }[] }[];
      };
      const queries = [
        ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
        ...alerts.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
      ];
      const families = metricFamilies(await scrapeText(service as RunningService));
      const named = [...new Set(queries.flatMap(promqlMetricNames))].map((name) => metricFamily(name, families));
      // `up` is Prometheus's own series for every scrape target.
      expect(named.filter((name) => name !== "up" && !families.has(name))).toEqual([]);
      expect(named.length).toBeGreaterThanOrEqual(4);
    }, 30_000);

    test("the runtime's default metrics: process metrics everywhere, Node.js-only ones only on Node.js", async () => {
      const text = await scrapeText(service as RunningService);
      const samples = parsePrometheusText(text);
      expect(sampleValue(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
      expect(sampleValue(samples, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      // Read from /proc/self, which `npm run start:deno` (no --allow-all) may not read: left out there, not 0.
      const resident = sampleValue(samples, "process_resident_memory_bytes");
      if (runtime === "deno") expect(resident).toBeUndefined();
      else expect(resident).toBeGreaterThan(0);
      // By family (`# TYPE`): the GC histogram has no sample before the first collection.
      const families = metricFamilies(text);
      const present = NODE_ONLY.filter((name) => families.has(name));
      expect(present).toEqual(runtime === "bun" || runtime === "deno" ? [] : NODE_ONLY);
    }, 30_000);

    if (outage) {
      test("with the database down: readiness 503 sets health_check_status to 0, a query it cannot answer is counted as a 503", async () => {
        const running = service as RunningService;
        const token = (
          (
            await http(running.url, "POST", "/api/v1/auth/register", {
              body: { email: `outage-${crypto.randomUUID()}@example.com`, password: "correct-horse-battery" },
            })
          ).json as { data: { access_token: string } }
        ).data.access_token;
        const before = await scrape(running);
        (proxy as TcpProxy).setMode("refuse");
        try {
          expect((await http(running.url, "GET", "/health/readiness")).status).toBe(503);
          expect((await http(running.url, "GET", "/api/v1/users", { token })).status).toBe(503);
        } finally {
          (proxy as TcpProxy).setMode("forward");
        }
        const after = await scrape(running);
        const added = (method: string, route: string, status: number) =>
          (requests(after, method, route, status) ?? 0) - (requests(before, method, route, status) ?? 0);
        expect(added("GET", "/health/readiness", 503)).toBe(1);
        expect(added("GET", "/api/v1/users", 503)).toBe(1);
        expect(sampleValue(after, "health_check_status", { check: "database" })).toBe(0);
      }, 60_000);
    }

    test("SIGTERM: exits 0", async () => {
      const { code } = await (service as RunningService).stop("SIGTERM", 10_000);
      expect(code).toBe(0);
    }, 20_000);
  });
}

/** `full` x `advanced` x one database: generate, install, type-check, lint, own tests, then boots with /metrics. */
export function describeAdvancedProject(plan: AdvancedPlan): void {
  describe(`generated full project x ${plan.database} x observability advanced`, () => {
    const projectDir = installedFullProject(plan.database, "advanced", ["typecheck", "lint"]);

    for (const { backend, outage } of plan.backends) {
      describe.skipIf(!backend.available)(`on ${backend.label}`, () => {
        let open: OpenBackend | undefined;
        beforeAll(async () => {
          open = await backend.open(projectDir());
        }, 60_000);
        afterAll(async () => {
          await open?.close();
        }, 60_000);

        if (!plan.testsWithDefaultDatabase && backend === plan.backends[0]?.backend) {
          test(`npm test passes with DATABASE_URL at the ${backend.label}`, async () => {
            const own = await backend.open(projectDir());
            try {
              expectSuccess("npm test", await npmRun(projectDir(), "test", { DATABASE_URL: own.databaseUrl() }));
            } finally {
              await own.close();
            }
          }, 300_000);
        }

        for (const runtime of BOOT_RUNTIMES) {
          describeMetricsBoot(runtime, () => ({ dir: projectDir(), backend: open as OpenBackend }), outage);
        }
      });
    }

    if (plan.testsWithDefaultDatabase) {
      test("npm test passes with the default (embedded) database", async () => {
        expectSuccess("npm test", await npmRun(projectDir(), "test"));
      }, 300_000);
    }
  });
}
