import type { TracerProvider } from "@opentelemetry/sdk-trace";
import { wrapDatabaseClients } from "../../platform/database/database-client.ts";
import { defineModule } from "../../platform/module.ts";
import { traceDatabaseClient } from "./database-client-spans.ts";
import { traceLogFields } from "./log-correlation.ts";
import { traceRequests } from "./trace-requests.ts";
import { startTracing, stopTracing } from "./tracer.ts";
import { tracingConfig } from "./tracing-config.ts";

let provider: TracerProvider | undefined;
let unwrapDatabaseClients: (() => void) | undefined;

/**
 * OpenTelemetry traces: a server span per request but the probes and `/metrics` (W3C `traceparent` in and out) with a `db.query` child per database
 * statement, exported over OTLP (gRPC by default), log lines with the active span's `trace_id` and `span_id`. Started
 * before the database opens (the driver client Drizzle gets is then the traced one), flushed at shutdown within a
 * bounded time.
 */
export const tracingModule = defineModule({
  config: tracingConfig,
  provide: ({ config }) => ({ tracingEnabled: !config.OTEL_SDK_DISABLED }),
  logFields: traceLogFields,
  middleware: ({ tracingEnabled }: { tracingEnabled: boolean }) => (tracingEnabled ? [traceRequests()] : []),
  start: async ({ config, logger }) => {
    if (config.OTEL_SDK_DISABLED) return;
    provider = await startTracing(
      {
        serviceName: config.OTEL_SERVICE_NAME ?? config.SERVICE_NAME,
        protocol: config.OTEL_EXPORTER_OTLP_PROTOCOL,
        sampler: config.OTEL_TRACES_SAMPLER,
        samplerRatio: config.OTEL_TRACES_SAMPLER_ARG,
      },
      logger,
    );
    unwrapDatabaseClients = wrapDatabaseClients(traceDatabaseClient);
  },
  stop: async () => {
    unwrapDatabaseClients?.();
    unwrapDatabaseClients = undefined;
    if (provider) await stopTracing(provider);
    provider = undefined;
  },
});
