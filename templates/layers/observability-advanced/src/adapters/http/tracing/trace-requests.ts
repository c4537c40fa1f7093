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
import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "../response-header.ts";
import { methodLabel, routeLabel } from "../route-label.ts";

const fromHeaders: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};
const toRecord: TextMapSetter<Record<string, string>> = {
  set: (carrier, key, value) => {
    carrier[key] = value;
  },
};

/**
 * One server span per request, a child of the caller's `traceparent` when it sends one, named `HTTP <method> <route>`
 * once the route is known (the route template, like the metrics' label: span names stay few). Attributes carry both
 * the older semantic-convention names (`http.method`, `http.route`, `http.status_code`) and the current ones
 * (`http.request.method`, `http.response.status_code`, `url.path`). The answer carries the span's `traceparent`, so
 * a caller can find its trace. Handlers (and the database spans) run inside the span's context.
 */
export function traceRequests(): MiddlewareHandler {
  const tracer = trace.getTracer("http-server");
  return async (c, next) => {
    const method = methodLabel(c.req.method);
    const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, fromHeaders);
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
      if (span.isRecording()) {
        const headers: Record<string, string> = {};
        propagation.inject(active, headers, toRecord);
        if (headers.traceparent) setResponseHeader(c, "traceparent", headers.traceparent);
      }
      span.end();
    }
  };
}
