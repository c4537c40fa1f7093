import type { MiddlewareHandler } from "hono";
import { methodLabel, routeLabel } from "../route-label.ts";
import type { ServiceMetrics } from "./service-metrics.ts";

/** The readiness route, whose answers also set the health metrics. */
const READINESS = "/health/readiness";

/**
 * Counts and times every request by method, route template and status, and keeps the in-flight gauge; a readiness
 * answer also sets `health_check_status` (200: 1, else 0) and times the check. Scrapes of `metricsPath` are not
 * counted: they would only measure Prometheus.
 */
export function httpMetrics(metrics: ServiceMetrics, metricsPath: string | null): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.path === metricsPath) return next();
    const started = performance.now();
    metrics.inFlight.inc();
    try {
      await next();
    } finally {
      metrics.inFlight.dec();
    }
    const seconds = (performance.now() - started) / 1000;
    const route = routeLabel(c);
    const labels = { method: methodLabel(c.req.method), route, status: String(c.res.status) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, seconds);
    if (route === READINESS) {
      metrics.healthStatus.set({ check: "database" }, c.res.status === 200 ? 1 : 0);
      metrics.healthDuration.observe({ check: "database" }, seconds);
    }
  };
}
