import { beforeEach, describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { finishedSpans as exporter } from "../../../test/support/in-memory-tracing.ts";
import { traceStatement } from "./database-spans.ts";
import { traceRequests } from "./trace-requests.ts";

const app = new Hono();
app.use(traceRequests());
app.get("/api/v1/users/:id", (c) => c.json({ id: c.req.param("id") }));
app.get("/broken", () => {
  throw new Error("broken");
});
// The probes and the scrape, each running a statement as readiness pings the database.
const PROBES = ["/health", "/health/liveness", "/health/readiness", "/metrics"];
for (const path of PROBES) {
  app.get(path, async (c) => c.json({ status: await traceStatement("sqlite", "select 1", async () => "ok") }));
}
app.onError((_error, c) => c.json({ status: "error" }, 500));

const CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const CALLER_SPAN = "00f067aa0ba902b7";

describe("a server span per request", () => {
  beforeEach(() => exporter.reset());

  test("named by the route template, with the old and the current attribute names", async () => {
    const answer = await app.request("/api/v1/users/42");
    expect(answer.status).toBe(200);
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("HTTP GET /api/v1/users/:id");
    expect(span?.attributes).toEqual({
      "http.method": "GET",
      "http.request.method": "GET",
      "url.path": "/api/v1/users/42",
      "http.route": "/api/v1/users/:id",
      "http.status_code": 200,
      "http.response.status_code": 200,
    });
  });

  test("a caller's traceparent makes the span its child, and the answer carries the span's own", async () => {
    const answer = await app.request("/api/v1/users/1", {
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    const [span] = exporter.getFinishedSpans();
    expect(span?.spanContext().traceId).toBe(CALLER_TRACE);
    expect(span?.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(answer.headers.get("traceparent")).toBe(`00-${CALLER_TRACE}-${span?.spanContext().spanId}-01`);
  });

  test("an error answer carries its traceparent; a plain success to a caller that sent none does not", async () => {
    const failed = await app.request("/broken");
    expect(failed.status).toBe(500);
    const [span] = exporter.getFinishedSpans();
    expect(failed.headers.get("traceparent")).toBe(
      `00-${span?.spanContext().traceId}-${span?.spanContext().spanId}-01`,
    );
    expect(span?.status.code).toBe(2);
    const ok = await app.request("/api/v1/users/1");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("traceparent")).toBeNull();
    expect(exporter.getFinishedSpans()).toHaveLength(2);
  });

  test("the probes and /metrics start no span, not even for their statements", async () => {
    for (const path of PROBES) expect((await app.request(path)).status).toBe(200);
    expect(exporter.getFinishedSpans()).toEqual([]);
    await app.request("/api/v1/users/7");
    expect(exporter.getFinishedSpans().map(({ name }) => name)).toEqual(["HTTP GET /api/v1/users/:id"]);
  });
});
