import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { type LoggerOptions, pino } from "pino";
import type { AppEnv } from "../app-env.ts";
import { requestLogger } from "./request-logger.ts";

/** An app with the request id and logger in front of one route, as app.ts has them; every logged line is kept. */
function loggedApp(level = "info", options: LoggerOptions = {}) {
  const lines: string[] = [];
  const logger = pino(
    { level, base: { service: "test-service" }, ...options },
    { write: (line: string) => lines.push(line) },
  );
  const app = new Hono<AppEnv>();
  app.use(requestId(), requestLogger(logger));
  app.get("/items/:id", (c) => c.json({ id: c.req.param("id"), requestId: c.get("requestId") }));
  return { app, lines, logger };
}

describe("request logger", () => {
  test("one JSON line per request: method, route, path, status, duration and a new UUID as request id", async () => {
    const { app, lines, logger } = loggedApp();
    const res = await app.request("/items/7");
    const { requestId: id } = (await res.json()) as { requestId: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.headers.get("x-request-id")).toBe(id);
    // The shape of every other line of the logger.
    logger.info({ requestId: "x" }, "probe");
    const [request, probe] = lines.map((line) => JSON.parse(line));
    expect(request).toEqual({
      level: 30,
      time: expect.any(Number),
      service: "test-service",
      requestId: id,
      method: "GET",
      route: "/items/:id",
      path: "/items/7",
      status: 200,
      durationMs: expect.any(Number),
      msg: "request",
    });
    expect(Object.keys(probe).slice(0, 3)).toEqual(Object.keys(request).slice(0, 3));
    expect(lines[0]?.endsWith("}\n")).toBe(true);
  });

  test("an error answer carries the id it was logged with in X-Request-Id", async () => {
    const { app, lines } = loggedApp();
    app.get("/broken", (c) => c.json({ error: "nope" }, 500));
    for (const path of ["/broken", "/nothing/here"]) {
      const res = await app.request(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.parse(lines.at(-1) as string)).toMatchObject({ requestId: id, path });
    }
  });

  test("keeps a plain incoming X-Request-Id and replaces one that is too long or has other characters", async () => {
    const { app, lines } = loggedApp();
    const kept = await app.request("/items/1", { headers: { "X-Request-Id": "req-42_a=" } });
    expect(kept.headers.get("x-request-id")).toBe("req-42_a=");
    for (const bad of ['a"b', "a b", "x".repeat(256)]) {
      const replaced = await app.request("/items/1", { headers: { "X-Request-Id": bad } });
      // The caller sent an id, so it learns the one used instead.
      expect(replaced.headers.get("x-request-id")).toBe(JSON.parse(lines.at(-1) as string).requestId);
    }
    const ids = lines.map((line) => JSON.parse(line).requestId);
    expect(ids[0]).toBe("req-42_a=");
    expect(ids.slice(1).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });

  test("logs the route that answered, also when middleware added after it matches the path too", async () => {
    const { app, lines } = loggedApp();
    // app.ts routes /health before the security headers, which match every path but never run for it.
    app.get("/early", (c) => c.json({ ok: true }));
    app.use(async (_c, next) => next());
    app.get("/late/:id", (c) => c.json({ ok: true }));
    await app.request("/early");
    await app.request("/late/3");
    await app.request("/missing");
    expect(lines.map((line) => JSON.parse(line).route)).toEqual(["/early", "/late/:id", "/*"]);
  });

  test("escapes the path, logs unknown routes with their status, and writes nothing above info", async () => {
    const { app, lines } = loggedApp();
    // A decoded line break and quotes stay inside the one JSON line.
    expect((await app.request('/nothing/"quoted"%0Anext')).status).toBe(404);
    expect(lines[0]?.split("\n")).toHaveLength(2);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ route: "/*", path: '/nothing/"quoted"\nnext', status: 404 });

    const quiet = loggedApp("warn");
    expect((await quiet.app.request("/items/1")).status).toBe(200);
    expect(quiet.lines).toEqual([]);
  });

  test("the logger's redaction and mixin apply to the request line", async () => {
    const { app, lines } = loggedApp("info", { redact: ["path"], mixin: () => ({ tenant: "t-1" }) });
    expect((await app.request("/items/secret-7")).status).toBe(200);
    const line = JSON.parse(lines[0] as string);
    expect(line).toMatchObject({ path: "[Redacted]", route: "/items/:id", tenant: "t-1", msg: "request" });
    expect(lines[0]).not.toContain("secret-7");
  });
});
