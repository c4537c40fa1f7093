import { describe, expect, test } from "bun:test";
import { pino } from "pino";
import { healthRoutes } from "../../../src/adapters/http/health.routes.ts";
import { answerProbesFirst } from "../../../src/adapters/http/probe-shortcut.ts";
import { createRouter } from "../../../src/adapters/http/router.ts";
import { createApp } from "../../../src/app.ts";
import type { Container } from "../../../src/modules/container.ts";

/** The app with no module at all (so no module middleware); every log line is kept. */
function probedApp(pingDatabase: () => Promise<void> = async () => {}) {
  const lines: string[] = [];
  const logger = pino(
    { level: "info", base: { service: "test-service" } },
    { write: (line: string) => lines.push(line) },
  );
  const app = createApp({
    container: {} as Container,
    logger,
    service: "test-service",
    exposeErrors: false,
    pingDatabase,
    modules: [],
  });
  const logged = () => lines.map((line) => JSON.parse(line));
  return { app, logged };
}

describe("probes answered before the middleware chain", () => {
  test("GET /health is answered synchronously, with its one header and its log line", async () => {
    const { app, logged } = probedApp();
    const res = app.fetch(new Request("http://localhost/health"));
    // A Response, not a promise of one: the runtimes' servers send it without a turn of the event loop.
    expect(res).toBeInstanceOf(Response);
    const answer = res as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ok" });
    expect([...answer.headers.keys()]).toEqual(["content-type"]);
    expect(logged()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        service: "test-service",
        requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
        method: "GET",
        route: "/health",
        path: "/health",
        status: 200,
        durationMs: expect.any(Number),
        msg: "request",
      },
    ]);
  });

  test("the liveness answers built here are the health routes' own answers", async () => {
    const { app } = probedApp();
    const routed = healthRoutes({ service: "test-service", pingDatabase: async () => {} });
    const pairs: [path: string, route: string][] = [
      ["/health", "/"],
      ["/health/liveness", "/liveness"],
    ];
    for (const [path, route] of pairs) {
      const built = (await app.fetch(new Request(`http://localhost${path}`))) as Response;
      const documented = await routed.request(route);
      expect(built.status).toBe(documented.status);
      expect([...built.headers]).toEqual([...documented.headers]);
      expect(await built.text()).toBe(await documented.text());
    }
  });

  test("a liveness path without a GET route is refused when the app is built", () => {
    const probes = createRouter().route("/health", healthRoutes({ service: "s", pingDatabase: async () => {} }));
    expect(() => answerProbesFirst(createRouter(), { routes: probes, alive: ["/health/live"] }, () => {})).toThrow(
      "answerProbesFirst: no GET route for /health/live",
    );
  });

  test("a caller's X-Request-Id comes back; a failed readiness check is a 503 carrying the id it was logged with", async () => {
    const { app, logged } = probedApp(async () => {
      throw new Error("connection refused");
    });
    const liveness = await app.request("/health/liveness?verbose=1", { headers: { "X-Request-Id": "probe-1" } });
    expect(liveness.status).toBe(200);
    expect(liveness.headers.get("x-request-id")).toBe("probe-1");
    const readiness = await app.request("/health/readiness", { headers: { "X-Request-Id": "bad id!" } });
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toMatchObject({ status: "not_ready", error: "connection refused" });
    const [first, second] = logged();
    expect(first).toMatchObject({ requestId: "probe-1", route: "/health/liveness", path: "/health/liveness" });
    // An id with other characters is replaced, and the error answer names the new one.
    expect(second.requestId).not.toBe("bad id!");
    expect(readiness.headers.get("x-request-id")).toBe(second.requestId);
    expect(second).toMatchObject({ route: "/health/readiness", status: 503 });
  });

  test("HEAD, other methods and other paths under /health go through the app and its middleware", async () => {
    const { app, logged } = probedApp();
    const head = await app.request("/health", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await app.request("/health", { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")?.split(", ").sort()).toEqual(["GET", "HEAD"]);
    const unknown = await app.request("/health/unknown");
    expect(unknown.status).toBe(404);
    // The security headers of every answer but the probes' show the app's middleware ran.
    for (const res of [post, unknown]) expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(logged().map(({ method, path, status }) => [method, path, status])).toEqual([
      ["HEAD", "/health", 200],
      ["POST", "/health", 405],
      ["GET", "/health/unknown", 404],
    ]);
  });
});
