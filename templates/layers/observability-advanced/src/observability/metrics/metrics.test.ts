import { beforeEach, describe, expect, test } from "bun:test";
import { createServer } from "node:net";
import { pino } from "pino";
import { Registry } from "prom-client";
import { call, createTestApp, registerUser, type TestApp } from "../../../test/support/test-app.ts";
import { modules } from "../../modules.ts";
import { loadConfig } from "../../platform/module.ts";
import { metricsModule } from "./metrics.module.ts";
import { metricsRoutes } from "./metrics.routes.ts";

/** The samples of `/metrics`, as `name{labels}` -> value. */
async function scrape(app: TestApp, headers: Record<string, string> = {}): Promise<Map<string, number>> {
  const response = await app.request("/metrics", { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    const match = /^(\w+(?:\{.*\})?) (\S+)$/.exec(line);
    if (match) samples.set(match[1] as string, Number(match[2]));
  }
  return samples;
}

const requests = (method: string, route: string, status: number) =>
  `http_requests_total{method="${method}",route="${route}",status="${status}"}`;

describe("GET /metrics", () => {
  // The metrics are the process's (as Prometheus sees them): tests compare a scrape before and after.
  let app: TestApp;
  beforeEach(() => {
    app = createTestApp().app;
  });

  test("counts each request once by method, route template and status; scrapes are not counted", async () => {
    const before = await scrape(app);
    const { access_token } = await registerUser(app);
    await call(app, "GET", "/api/v1/users/1", undefined, access_token);
    await call(app, "GET", "/api/v1/users/1", undefined, access_token);
    await call(app, "GET", "/api/v1/users/999", undefined, access_token);
    await call(app, "GET", "/api/v1/users/1");
    await app.request(`/no/such/${crypto.randomUUID()}`);
    const after = await scrape(app);
    const added = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
    expect(added(requests("POST", "/api/v1/auth/register", 201))).toBe(1);
    expect(added(requests("GET", "/api/v1/users/:id", 200))).toBe(2);
    expect(added(requests("GET", "/api/v1/users/:id", 404))).toBe(1);
    expect(added(requests("GET", "/api/v1/users/:id", 401))).toBe(1);
    expect(added(requests("GET", "unmatched", 404))).toBe(1);
    expect(added('http_request_duration_seconds_count{method="GET",route="/api/v1/users/:id",status="200"}')).toBe(2);
    expect([...after.keys()].some((key) => key.includes('route="/metrics"'))).toBe(false);
    expect([...after.keys()].some((key) => key.includes("/no/such"))).toBe(false);
    expect(after.get("http_requests_in_flight")).toBe(0);
  });

  test("readiness sets health_check_status (1, then 0 when the database does not answer) and times each check", async () => {
    const failing = createTestApp({ pingDatabase: () => Promise.reject(new Error("down")) }).app;
    const before = await scrape(app);
    expect((await app.request("/health/readiness")).status).toBe(200);
    expect((await scrape(app)).get('health_check_status{check="database"}')).toBe(1);
    expect((await failing.request("/health/readiness")).status).toBe(503);
    const after = await scrape(failing);
    expect(after.get('health_check_status{check="database"}')).toBe(0);
    const checks = 'health_check_duration_seconds_count{check="database"}';
    expect((after.get(checks) ?? 0) - (before.get(checks) ?? 0)).toBe(2);
  });

  test("carries the runtime's process metrics", async () => {
    const samples = await scrape(app);
    expect(samples.get("process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(samples.get("process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  test("with METRICS_TOKEN, answers only its bearer token", async () => {
    const router = metricsRoutes(new Registry(), "a-metrics-token-0123");
    expect((await router.request("/")).status).toBe(401);
    expect((await router.request("/", { headers: { authorization: "Bearer a-metrics-token-0124" } })).status).toBe(401);
    expect((await router.request("/", { headers: { authorization: "Bearer a-metrics-token-0123" } })).status).toBe(200);
  });

  test("with METRICS_PORT, /metrics is served alone on that port, until the module stops", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const env = { JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long", METRICS_PORT: String(port) };
    const config = loadConfig(modules, env);
    expect(
      metricsModule.provide({ config, adapters: {}, logger: pino({ level: "silent" }) }).metricsOnServicePort,
    ).toBe(null);
    await metricsModule.start?.({ config, logger: pino({ level: "silent" }) });
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain("# TYPE http_requests_total counter");
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/users`)).status).toBe(404);
    } finally {
      await metricsModule.stop?.();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  test("METRICS_PORT must differ from PORT; METRICS_TOKEN needs 16 characters", () => {
    const env = { JWT_SECRET: "test-secret-that-is-at-least-32-bytes-long" };
    expect(() => loadConfig(modules, { ...env, PORT: "9000", METRICS_PORT: "9000" })).toThrow("METRICS_PORT");
    expect(() => loadConfig(modules, { ...env, METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN");
  });
});
