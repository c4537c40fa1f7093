import { describe, expect, test } from "bun:test";
import { call, createTestApp } from "../../../test/support/test-app.ts";
import { healthRoutes } from "./health.routes.ts";

describe("health routes", () => {
  test("health and liveness answer ok", async () => {
    const { app } = createTestApp();
    expect(await call(app, "GET", "/health")).toEqual({ status: 200, body: { status: "ok" } });
    expect((await call(app, "GET", "/health/liveness")).status).toBe(200);
  });

  test("readiness is 200 when the database answers", async () => {
    const { app } = createTestApp();
    const { status, body } = await call(app, "GET", "/health/readiness");
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ready", service: "test-service", checks: { database: "ok" } });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  test("readiness is 503 when the ping fails", async () => {
    const { app } = createTestApp({ pingDatabase: () => Promise.reject(new Error("connection refused")) });
    const { status, body } = await call(app, "GET", "/health/readiness");
    expect(status).toBe(503);
    expect(body).toMatchObject({
      status: "not_ready",
      checks: { database: "error" },
      reason: "database_unavailable",
      error: "connection refused",
    });
  });

  test("readiness is 503 after 2 s when the ping hangs", async () => {
    const { app } = createTestApp({ pingDatabase: () => new Promise(() => {}) });
    const started = performance.now();
    const { status, body } = await call(app, "GET", "/health/readiness");
    expect(status).toBe(503);
    expect(body.error).toContain("2000 ms");
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_900);
  }, 10_000);

  test("readiness is 503 once the service shuts down, without asking the database; liveness stays 200", async () => {
    const draining = new AbortController();
    let pings = 0;
    const pingDatabase = async () => {
      pings++;
    };
    const routes = healthRoutes({ service: "test-service", pingDatabase, draining: draining.signal });
    expect((await routes.request("/readiness")).status).toBe(200);
    draining.abort();
    const response = await routes.request("/readiness");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: "not_ready",
      service: "test-service",
      reason: "shutting_down",
    });
    expect(pings).toBe(1);
    expect((await routes.request("/liveness")).status).toBe(200);
  });
});
