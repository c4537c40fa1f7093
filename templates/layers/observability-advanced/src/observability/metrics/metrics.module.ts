import { createRouter } from "../../platform/http/router.ts";
import { defineModule } from "../../platform/module.ts";
import { type RunningServer, startServer } from "../../platform/server.ts";
import { httpMetrics } from "./http-metrics.ts";
import { metricsHandler, metricsRoutes } from "./metrics.routes.ts";
import { metricsConfig } from "./metrics-config.ts";
import { createServiceMetrics, type ServiceMetrics } from "./service-metrics.ts";

/** What the metrics module adds to the container. */
interface MetricsContainer {
  metrics: ServiceMetrics;
  /** `/metrics` on the service's port (METRICS_PORT unset), with its token if any; null when it has its own port. */
  metricsOnServicePort: { token: string | undefined } | null;
}

// One set of metrics per process, as Prometheus sees one process per target (the process metrics are global anyway).
const metrics = createServiceMetrics();
let ownServer: RunningServer | undefined;

/**
 * Prometheus metrics: every request counted and timed by route template (`http_*`), readiness checks
 * (`health_check_*`) and the runtime's true default metrics, at `GET /metrics`, on the service's port or, with
 * METRICS_PORT, alone on its own.
 */
export const metricsModule = defineModule({
  config: metricsConfig,
  provide: ({ config }): MetricsContainer => ({
    metrics,
    metricsOnServicePort: config.METRICS_PORT === undefined ? { token: config.METRICS_TOKEN } : null,
  }),
  middleware: ({ metrics, metricsOnServicePort }: MetricsContainer) => [
    httpMetrics(metrics, metricsOnServicePort ? "/metrics" : null),
  ],
  routes: ({ metrics, metricsOnServicePort }: MetricsContainer) =>
    metricsOnServicePort
      ? [{ path: "/metrics", router: metricsRoutes(metrics.registry, metricsOnServicePort.token) }]
      : [],
  start: async ({ config, logger }) => {
    if (config.METRICS_PORT === undefined) return;
    const app = createRouter().get("/metrics", metricsHandler(metrics.registry, config.METRICS_TOKEN));
    ownServer = await startServer(app.fetch, config.METRICS_PORT);
    logger.info({ port: ownServer.port }, "metrics listening");
  },
  stop: async () => {
    await ownServer?.stop();
    ownServer = undefined;
  },
});
