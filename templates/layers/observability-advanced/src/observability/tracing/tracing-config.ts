import { z } from "zod";

/** The samplers of the OpenTelemetry specification (`OTEL_TRACES_SAMPLER`). */
export const SAMPLERS = [
  "always_on",
  "always_off",
  "traceidratio",
  "parentbased_always_on",
  "parentbased_always_off",
  "parentbased_traceidratio",
] as const;

/**
 * Tracing settings, named as the OpenTelemetry specification names them. The exporter also reads the spec's other
 * OTLP variables itself (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_HEADERS`, their `_TRACES_` forms…).
 */
export const tracingConfig = {
  shape: {
    /** `true`: no tracing at all (no spans, no exporter, no traceparent answers). */
    OTEL_SDK_DISABLED: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    /** The service's name in traces; default SERVICE_NAME (the package name). */
    OTEL_SERVICE_NAME: z.string().min(1).optional(),
    /** Where spans go: gRPC to localhost:4317 by default; `http/protobuf` to localhost:4318/v1/traces. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
    OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["grpc", "http/protobuf"]).default("grpc"),
    OTEL_TRACES_SAMPLER: z.enum(SAMPLERS).default("parentbased_always_on"),
    /** The ratio of the `traceidratio` samplers, 0 to 1 (default 1). */
    OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  },
};
