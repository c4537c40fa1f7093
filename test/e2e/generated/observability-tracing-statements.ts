import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { http } from "../../support/http.ts";
import type { OtlpReceiver, ReceivedSpan } from "../../support/otlp-receiver.ts";
import { RUNTIMES, type RunningService } from "../../support/runtimes.ts";
import type { Backend } from "./backends.ts";
import { decodeJwt } from "./jwt.ts";
import { useTracedService } from "./traced-service.ts";

/** The resolution of a span's start time (Date.now()). */
const CLOCK_STEP_NS = 1_000_000n;

/** How Drizzle reads one live user by id, in each dialect's quoting and placeholders. */
const SELECT_USER_BY_ID = /^select .*id.*email.* from ["`]users["`] where \(["`]users["`]\.["`]id["`] = (\?|\$1) and/;

/**
 * Sends GET `path` in a new trace of a caller's (its `traceparent`) and waits for the request's server span; returns
 * the answer, the caller's span id, the trace's spans and the server span. Children end before their parent and are
 * exported in the same batch or an earlier one: once the server span is in, so are they.
 */
export async function tracedGet(service: RunningService, receiver: OtlpReceiver, path: string, token: string) {
  const traceId = randomBytes(16).toString("hex");
  const parentId = randomBytes(8).toString("hex");
  const answer = await http(service.url, "GET", path, {
    token,
    headers: { traceparent: `00-${traceId}-${parentId}-01` },
  });
  const isServer = (span: ReceivedSpan) => span.traceId === traceId && span.kind === "SPAN_KIND_SERVER";
  await receiver.waitFor((spans) => spans.some(isServer));
  const spans = receiver.spans.filter((span) => span.traceId === traceId);
  return { answer, traceId, parentId, spans, server: spans.find(isServer) as ReceivedSpan };
}

/**
 * `db.query` spans of one project on one database, on every runtime: a request's statements each become a client
 * span, a child of the request's server span in the caller's trace, with the statement and the database system.
 * GET /api/v1/users/:id with a fresh token runs two statements (the token's user, not yet in the principal cache,
 * then the user asked for); the same request right after runs one (the principal is cached): the spans follow.
 */
export function describeStatementSpans(
  projectDir: () => string,
  backend: Backend,
  system: "postgresql" | "mysql" | "sqlite",
) {
  for (const runtime of RUNTIMES) {
    describe.skipIf(!backend.available)(`db.query spans on ${backend.label}, on ${runtime}`, () => {
      const traced = useTracedService(projectDir, backend, runtime);

      async function request(path: string, token: string) {
        const { answer, parentId, spans, server } = await tracedGet(traced.service, traced.receiver, path, token);
        expect(answer.status).toBe(200);
        expect(server.parentSpanId).toBe(parentId);
        return { server, statements: spans.filter((span) => span !== server) };
      }

      function expectStatement(span: ReceivedSpan, server: ReceivedSpan) {
        expect(span).toMatchObject({
          name: "db.query",
          kind: "SPAN_KIND_CLIENT",
          traceId: server.traceId,
          parentSpanId: server.spanId,
          status: { code: "STATUS_CODE_UNSET" },
          attributes: { "db.system": system, "db.system.name": system },
        });
        const statement = String(span.attributes["db.statement"]);
        expect(statement).toMatch(SELECT_USER_BY_ID);
        expect(span.attributes["db.query.text"]).toBe(statement);
        // Inside the request's time, and timed (not a zero-length mark like a logger hook would give). The SDK stamps
        // each span's start with Date.now() (whole milliseconds) and times it with performance.now(), so two spans'
        // clocks can be up to 1 ms apart (seen on Deno): within that, the statement lies inside the request.
        expect(span.startNs).toBeGreaterThanOrEqual(server.startNs - CLOCK_STEP_NS);
        expect(span.endNs).toBeLessThanOrEqual(server.endNs + CLOCK_STEP_NS);
        expect(span.endNs).toBeGreaterThan(span.startNs);
      }

      test("one db.query child per statement of the request, with the statement, the system and the parent", async () => {
        const registered = await http(traced.service.url, "POST", "/api/v1/auth/register", {
          body: { email: `statements-${crypto.randomUUID()}@example.com`, password: "correct-horse-battery" },
        });
        expect(registered.status).toBe(201);
        const token = (registered.json as { data: { access_token: string } }).data.access_token;
        const path = `/api/v1/users/${decodeJwt(token).payload.sub}`;

        const first = await request(path, token);
        expect(first.statements).toHaveLength(2);
        for (const span of first.statements) expectStatement(span, first.server);

        const second = await request(path, token);
        expect(second.statements).toHaveLength(1);
        expectStatement(second.statements[0] as ReceivedSpan, second.server);
      }, 60_000);
    });
  }
}
