import { describe, expect, test } from "bun:test";
import { Writable } from "node:stream";
import { pino } from "pino";
import { createTestApp, graphql, type TestApp } from "../../test/support/test-app.ts";
import { ServiceBusyError } from "../platform/service-busy.ts";

/** A test app whose repository fails as a broken database would, and the log lines it writes. */
function failingApp(env: Record<string, string>): { app: TestApp; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { app, users } = createTestApp({ env, logger: pino({ level: "error" }, sink) });
  users.list = () => Promise.reject(new Error("connect ECONNREFUSED 10.0.0.7:5432 password=hunter2"));
  return { app, lines };
}

describe("unexpected errors", () => {
  test("are INTERNAL_SERVER_ERROR without the driver's message or a stack, and are logged", async () => {
    const { app, lines } = failingApp({ APP_ENV: "production" });
    const { status, body } = await graphql(app, "{ users { id } }");
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      {
        message: "Internal server error",
        locations: [{ line: 1, column: 3 }],
        path: ["users"],
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      },
    ]);
    expect(JSON.stringify(body)).not.toContain("ECONNREFUSED");
    expect(lines.join("")).toContain("ECONNREFUSED");
  });

  test("a busy service is SERVICE_BUSY with the seconds to wait, not an internal error", async () => {
    const { app, users } = createTestApp({ env: { APP_ENV: "production" }, logger: pino({ level: "silent" }) });
    users.list = () => Promise.reject(new ServiceBusyError("every database connection is taken", 1));
    const { body } = await graphql(app, "{ users { id } }");
    expect(body.errors[0]).toMatchObject({
      message: "The service is busy: try again in 1 s",
      extensions: { code: "SERVICE_BUSY", retryAfterSeconds: 1 },
    });
  });

  test("show their message and stack with APP_ENV=development", async () => {
    const { app } = failingApp({ APP_ENV: "development" });
    const { body } = await graphql(app, "{ users { id } }");
    expect(body.errors[0].extensions).toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      message: expect.stringContaining("ECONNREFUSED"),
      stack: expect.stringContaining("Error"),
    });
  });
});

describe("health", () => {
  test("/health and liveness answer ok; readiness is 503 when the database does not answer", async () => {
    const { app } = createTestApp({ pingDatabase: () => Promise.reject(new Error("connection refused")) });
    expect(await (await app.request("/health")).json()).toEqual({ status: "ok" });
    expect((await app.request("/health/liveness")).status).toBe(200);
    const readiness = await app.request("/health/readiness");
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "not_ready", checks: { database: "error" } });
  });

  test("an unknown path is the JSON 404 of every template", async () => {
    const { app } = createTestApp();
    const answer = await app.request("/api/v1/users");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ status: "error", error: { code: "NOT_FOUND" } });
  });
});
