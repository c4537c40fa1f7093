import { beforeAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { http } from "../../support/http.ts";
import { type ReceivedSpan, startOtlpHttpReceiver, startOtlpReceiver } from "../../support/otlp-receiver.ts";
import { RUNTIMES } from "../../support/runtimes.ts";
import { sqliteFile } from "./backends.ts";
import { installedFullProject } from "./installed-project.ts";
import { decodeJwt } from "./jwt.ts";
import { describeStatementSpans, tracedGet } from "./observability-tracing-statements.ts";
import { useTracedService } from "./traced-service.ts";

// Tracing is the same code over every database: one project (SQLite, no server) on every runtime. The database
// spans differ by driver: observability-tracing-databases.test.ts runs their check on the other databases.
describe("full x sqlite x observability advanced: traces over OTLP/gRPC", () => {
  const projectDir = installedFullProject("sqlite", "advanced");
  describeStatementSpans(projectDir, sqliteFile, "sqlite");

  for (const runtime of RUNTIMES) {
    describe(`on ${runtime}`, () => {
      const traced = useTracedService(projectDir, sqliteFile, runtime, { env: { OTEL_SERVICE_NAME: "traced-api" } });
      let token = "";
      let userId = "";

      beforeAll(async () => {
        const registered = await http(traced.service.url, "POST", "/api/v1/auth/register", {
          body: { email: `trace-${crypto.randomUUID()}@example.com`, password: "correct-horse-battery" },
        });
        token = (registered.json as { data: { access_token: string } }).data.access_token;
        userId = String(decodeJwt(token).payload.sub);
      }, 30_000);

      test("a request with a traceparent: one server span, child of the caller's, in the answer and in its log line", async () => {
        const running = traced.service;
        const { answer, traceId, parentId, spans, server } = await tracedGet(
          running,
          traced.receiver,
          `/api/v1/users/${userId}`,
          token,
        );
        expect(answer.status).toBe(200);
        // The server span and its two statements' spans (describeStatementSpans checks those in detail).
        expect(spans.map((span) => span.name).sort()).toEqual(["HTTP GET /api/v1/users/:id", "db.query", "db.query"]);
        expect(server).toMatchObject({
          name: "HTTP GET /api/v1/users/:id",
          kind: "SPAN_KIND_SERVER",
          parentSpanId: parentId,
          serviceName: "traced-api",
          attributes: {
            "http.method": "GET",
            "http.request.method": "GET",
            "http.route": "/api/v1/users/:id",
            "http.status_code": 200,
            "http.response.status_code": 200,
            "url.path": `/api/v1/users/${userId}`,
          },
        });
        expect(server.endNs).toBeGreaterThan(server.startNs);
        expect(answer.headers.get("traceparent")).toBe(`00-${traceId}-${server.spanId}-01`);
        // The request's log line (JSON in production) carries the same ids.
        await Bun.sleep(100);
        const line = running
          .output()
          .split("\n")
          .find((text) => text.includes(`"path":"/api/v1/users/${userId}"`) && text.includes(traceId));
        expect(line && JSON.parse(line)).toMatchObject({ trace_id: traceId, span_id: server.spanId, status: 200 });
      }, 30_000);

      test("the probes and /metrics send no span, even in a caller's sampled trace; the routes beside them do", async () => {
        const running = traced.service;
        const receiver = traced.receiver;
        const sampled = () => {
          const traceId = randomBytes(16).toString("hex");
          return { traceId, headers: { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` } };
        };
        const probes = ["/health", "/health/liveness", "/health/readiness", "/metrics"].map((path) => ({
          path,
          ...sampled(),
        }));
        for (const { path, headers } of probes) {
          const answer = await http(running.url, "GET", path, { headers });
          expect(answer.status).toBe(200);
          expect(answer.headers.get("traceparent")).toBeNull();
        }
        // A route sent after them: once its span is in, the probes' would be too (spans are exported in order).
        const route = sampled();
        expect(
          (await http(running.url, "GET", `/api/v1/users/${userId}`, { headers: route.headers, token })).status,
        ).toBe(200);
        await receiver.waitFor((spans) => spans.some((span) => span.traceId === route.traceId));
        const exported = new Set(receiver.spans.map((span) => span.traceId));
        expect(probes.filter(({ traceId }) => exported.has(traceId)).map(({ path }) => path)).toEqual([]);
        // Still counted in the metrics.
        const scrape = await http(running.url, "GET", "/metrics");
        expect(scrape.text).toContain('route="/health/readiness"');
      }, 30_000);

      test("without a traceparent a new trace starts; a 5xx or unknown path is named by its route label", async () => {
        const running = traced.service;
        const answer = await http(running.url, "GET", `/no/such/${crypto.randomUUID()}`);
        expect(answer.status).toBe(404);
        const traceId = /^00-([0-9a-f]{32})-/.exec(answer.headers.get("traceparent") ?? "")?.[1];
        expect(traceId).toBeDefined();
        const active = traced.receiver;
        await active.waitFor((spans) => spans.some((span) => span.traceId === traceId));
        const span = active.spans.find((candidate) => candidate.traceId === traceId) as ReceivedSpan;
        expect(span).toMatchObject({ name: "HTTP GET unmatched", parentSpanId: "" });
        // A success to a caller that sent no traceparent is traced but carries none: nobody asked to follow it.
        const ok = await http(running.url, "GET", `/api/v1/users/${userId}`, { token });
        expect(ok.status).toBe(200);
        expect(ok.headers.get("traceparent")).toBeNull();
      }, 30_000);

      test("the collector shuts down (gracefully, GOAWAY) and comes back, three times: requests never fail, spans flow again", async () => {
        // Three rounds: with @grpc/grpc-js, Deno 2.9 aborted on about half of such shutdowns (see grpc-fetch-exporter.ts).
        const running = traced.service;
        for (let round = 0; round < 3; round++) {
          const port = traced.receiver.port;
          // Requests keep coming (so exports are in flight) while the collector goes away: the case that aborted Deno.
          const statuses: number[] = [];
          let busy = true;
          const traffic = (async () => {
            while (busy) {
              statuses.push((await http(running.url, "GET", "/health")).status);
              await Bun.sleep(20);
            }
          })();
          await Bun.sleep(1_200);
          await traced.receiver.stop();
          await Bun.sleep(1_500);
          busy = false;
          await traffic;
          expect(statuses.length).toBeGreaterThan(10);
          expect(statuses.filter((status) => status !== 200)).toEqual([]);
          expect(running.alive()).toBe(true);
          traced.receiver = await startOtlpReceiver(port);
          const receiver = traced.receiver;
          const traceId = randomBytes(16).toString("hex");
          const deadline = Date.now() + 20_000;
          // The exporter reconnects on its own (with back-off): keep sending until a span of this trace arrives.
          while (!receiver.spans.some((span) => span.traceId === traceId) && Date.now() < deadline) {
            const headers = { traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` };
            expect((await http(running.url, "GET", `/api/v1/users/${userId}`, { headers, token })).status).toBe(200);
            await Bun.sleep(500);
          }
          expect(receiver.spans.some((span) => span.traceId === traceId)).toBe(true);
        }
        expect(running.alive()).toBe(true);
      }, 120_000);

      test("with the collector down, requests succeed and SIGTERM exits 0 within 2 s", async () => {
        const running = traced.service;
        await traced.receiver.stop();
        for (let i = 0; i < 3; i++) expect((await http(running.url, "GET", "/health")).status).toBe(200);
        const { code, ms } = await running.stop("SIGTERM", 10_000);
        expect(code).toBe(0);
        expect(ms).toBeLessThan(2_000);
      }, 30_000);
    });
  }
  for (const runtime of RUNTIMES) {
    describe(`on ${runtime}, OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf and OTEL_TRACES_SAMPLER=parentbased_traceidratio at 0`, () => {
      const traced = useTracedService(projectDir, sqliteFile, runtime, {
        startReceiver: startOtlpHttpReceiver,
        env: {
          OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
          OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
          OTEL_TRACES_SAMPLER_ARG: "0",
        },
      });

      test("a new trace is not sampled at ratio 0; a caller's sampled trace is followed and sent to <endpoint>/v1/traces", async () => {
        const running = traced.service;
        const unsampled = await http(running.url, "GET", "/apidocs/openapi.json");
        expect(unsampled.status).toBe(200);
        expect(unsampled.headers.get("traceparent")).toBeNull();
        const traceId = randomBytes(16).toString("hex");
        const parentId = randomBytes(8).toString("hex");
        const sampled = await http(running.url, "GET", "/apidocs/openapi.json", {
          headers: { traceparent: `00-${traceId}-${parentId}-01` },
        });
        expect(sampled.headers.get("traceparent")).toStartWith(`00-${traceId}-`);
        const active = traced.receiver;
        await active.waitFor((spans) => spans.some((span) => span.traceId === traceId));
        // Only the followed trace was exported: the unsampled request left no span.
        expect(active.spans.map((span) => [span.name, span.traceId, span.parentSpanId])).toEqual([
          ["HTTP GET /apidocs/openapi.json", traceId, parentId],
        ]);
      }, 30_000);
    });
  }
});
