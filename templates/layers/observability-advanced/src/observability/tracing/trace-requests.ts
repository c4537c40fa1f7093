import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from "@opentelemetry/api";
import type { Context, MiddlewareHandler } from "hono";
import { methodLabel, routeLabel } from "../route-label.ts";

/** The request's headers through Hono, which reads them without building a `Headers` object on Node.js. */
const fromRequest: TextMapGetter<Context> = {
  get: (c, key) => c.req.header(key),
  keys: (c) => Object.keys(c.req.header()),
};
const toRecord: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * Probes and scrapes, left out of the traces: orchestrators call the probes every few seconds on every replica and
 * Prometheus scrapes every 15 s, so their spans would bury the requests worth reading. The HTTP metrics still count
 * them.
 */
const UNTRACED_PATHS = new Set(["/health", "/health/liveness", "/health/readiness", "/metrics"]);

/**
 * One server span per request (but the probes and `/metrics`), a child of the caller's `traceparent` when it sends one, named `HTTP <method> <route>`
 * once the route is known (the route template, like the metrics' label: span names stay few). Attributes carry both
 * the older semantic-convention names (`http.method`, `http.route`, `http.status_code`) and the current ones
 * (`http.request.method`, `http.response.status_code`, `url.path`). Handlers (and the database spans) run inside the
 * span's context. A sampled span's `traceparent` goes back in the answer when the caller sent one (to follow its
 * trace) and on every error (status >= 400, the answers someone reports).
 */
export function traceRequests(): MiddlewareHandler {
  const tracer = trace.getTracer("http-server");
  return async (c, next) => {
    if (UNTRACED_PATHS.has(c.req.path)) return next();
    const method = methodLabel(c.req.method);
    const parent = propagation.extract(ROOT_CONTEXT, c, fromRequest);
    const span = tracer.startSpan(
      `HTTP ${method}`,
      {
        kind: SpanKind.SERVER,
        attributes: { "http.method": method, "http.request.method": method, "url.path": c.req.path },
      },
      parent,
    );
    const active = trace.setSpan(parent, span);
    try {
      await context.with(active, next);
    } finally {
      const route = routeLabel(c);
      const status = c.res.status;
      span.updateName(`HTTP ${method} ${route}`);
      span.setAttributes({ "http.route": route, "http.status_code": status, "http.response.status_code": status });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (span.isRecording() && (status >= 400 || c.req.header("traceparent") !== undefined)) {
        const headers: Record<string, string> = {};
        propagation.inject(active, headers, toRecord);
        if (headers.traceparent) c.res.headers.set("traceparent", headers.traceparent);
      }
      span.end();
    }
  };
}
