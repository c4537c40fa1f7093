import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { registerDefaultMetrics } from "./default-metrics.ts";

/**
 * Request duration buckets, in seconds: 5 ms to 10 s, dense below 1 s where a healthy API answers and where the
 * HighLatency alert's 1 s threshold sits (p95 is interpolated inside the bucket that holds it).
 */
const HTTP_DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Readiness checks ping the database and time out at 2 s. */
const HEALTH_DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2, 5];

/** The service's metrics, in their own registry: what `GET /metrics` exposes. */
export function createServiceMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    duration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method, route template and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: HTTP_DURATION_BUCKETS,
      registers,
    }),
    inFlight: new Gauge({
      name: "http_requests_in_flight",
      help: "HTTP requests being answered now",
      registers,
    }),
    healthStatus: new Gauge({
      name: "health_check_status",
      help: "Result of the last readiness check: 1 healthy, 0 unhealthy",
      labelNames: ["check"] as const,
      registers,
    }),
    healthDuration: new Histogram({
      name: "health_check_duration_seconds",
      help: "Time a readiness check took",
      labelNames: ["check"] as const,
      buckets: HEALTH_DURATION_BUCKETS,
      registers,
    }),
  };
  registerDefaultMetrics(registry);
  return metrics;
}

export type ServiceMetrics = ReturnType<typeof createServiceMetrics>;
