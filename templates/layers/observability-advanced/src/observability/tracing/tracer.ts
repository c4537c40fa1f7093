import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, type SpanExporter, TracerProvider } from "@opentelemetry/sdk-trace";
import type { Logger } from "../../platform/logger.ts";
import { createSampler } from "./sampler.ts";
import type { SAMPLERS } from "./tracing-config.ts";

export interface TracingSettings {
  serviceName: string;
  protocol: "grpc" | "http/protobuf";
  sampler: (typeof SAMPLERS)[number];
  samplerRatio: number;
}

/** How long one export may take, and how long shutdown waits for the last spans: a dead collector costs no more. */
const EXPORT_TIMEOUT_MS = 1_000;
const FLUSH_TIMEOUT_MS = 1_000;

/**
 * Only the exporter in use is loaded (the gRPC one brings @grpc/grpc-js); each reads the OTEL_EXPORTER_OTLP_*
 * variables. On Deno, gRPC goes through fetch (grpc-fetch-exporter.ts says why).
 */
async function createExporter(protocol: TracingSettings["protocol"]): Promise<SpanExporter> {
  const options = { timeoutMillis: EXPORT_TIMEOUT_MS };
  if (protocol === "grpc" && "Deno" in globalThis) {
    const { GrpcFetchSpanExporter } = await import("./grpc-fetch-exporter.ts");
    return new GrpcFetchSpanExporter(EXPORT_TIMEOUT_MS);
  }
  if (protocol === "grpc") {
    const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-grpc");
    return new OTLPTraceExporter(options);
  }
  const { OTLPTraceExporter } = await import("@opentelemetry/exporter-trace-otlp-proto");
  return new OTLPTraceExporter(options);
}

/**
 * Registers the global tracer provider, the async context (AsyncLocalStorage: Node.js, Bun and Deno) and W3C trace
 * context propagation. Spans are batched and sent in the background: a missing collector never delays a request, its
 * spans are dropped (the exporter logs the failure at debug).
 */
export async function startTracing(settings: TracingSettings, logger: Logger): Promise<TracerProvider> {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName }),
    sampler: createSampler(settings.sampler, settings.samplerRatio),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: await createExporter(settings.protocol),
        scheduledDelayMillis: 1_000,
        exportTimeoutMillis: EXPORT_TIMEOUT_MS,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  // At debug: a start-up that fails later (a busy port…) stays one line.
  logger.debug({ protocol: settings.protocol, sampler: settings.sampler }, "tracing started");
  return provider;
}

/** Flushes what is pending and stops, waiting at most FLUSH_TIMEOUT_MS (the collector may be gone). */
export async function stopTracing(provider: TracerProvider): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FLUSH_TIMEOUT_MS);
  });
  await Promise.race([provider.shutdown().catch(() => {}), timeout]).finally(() => clearTimeout(timer));
}
