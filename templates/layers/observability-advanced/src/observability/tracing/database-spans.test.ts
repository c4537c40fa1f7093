import { expect, test } from "bun:test";
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { finishedSpans as exporter } from "../../../test/support/in-memory-tracing.ts";
import { traceStatement } from "./database-spans.ts";

const tracer = trace.getTracer("test");

/** Runs `body` inside a request-like parent span; returns the parent and the spans that ended under it. */
async function underParent(body: () => Promise<unknown>) {
  exporter.reset();
  const parent = tracer.startSpan("request");
  await context.with(trace.setSpan(context.active(), parent), body).catch(() => {});
  parent.end();
  const children = exporter.getFinishedSpans().filter((span) => span.name !== "request");
  return { parent: parent.spanContext(), children };
}

test("a statement inside a span becomes its db.query child, for as long as the statement runs", async () => {
  const { parent, children } = await underParent(() =>
    traceStatement("sqlite", "select 1", () => new Promise((resolve) => setTimeout(resolve, 30))),
  );
  expect(children).toHaveLength(1);
  const [span] = children;
  expect(span?.name).toBe("db.query");
  expect(span?.kind).toBe(SpanKind.CLIENT);
  expect(span?.parentSpanContext?.spanId).toBe(parent.spanId);
  expect(span?.spanContext().traceId).toBe(parent.traceId);
  expect(span?.attributes).toEqual({
    "db.system": "sqlite",
    "db.statement": "select 1",
    "db.system.name": "sqlite",
    "db.query.text": "select 1",
  });
  expect(span?.status.code).toBe(SpanStatusCode.UNSET);
  const [seconds = 0, nanos = 0] = span?.duration ?? [];
  expect(seconds * 1_000 + nanos / 1e6).toBeGreaterThanOrEqual(25);
});

test("a failing statement: the error reaches the caller, the span has an error status and the exception", async () => {
  const failure = new Error('relation "nope" does not exist');
  let caught: unknown;
  const { children } = await underParent(() =>
    traceStatement("postgresql", "select * from nope", () => Promise.reject(failure)).catch((error) => {
      caught = error;
    }),
  );
  expect(caught).toBe(failure);
  expect(children).toHaveLength(1);
  expect(children[0]?.status).toEqual({ code: SpanStatusCode.ERROR, message: failure.message });
  expect(children[0]?.events.map((event) => event.name)).toEqual(["exception"]);
});

test("a statement outside any span (migrations at start-up) starts no span", async () => {
  exporter.reset();
  expect(await traceStatement("mysql", "select 1", async () => 42)).toBe(42);
  expect(exporter.getFinishedSpans()).toEqual([]);
});
