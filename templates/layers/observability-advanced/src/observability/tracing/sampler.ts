import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from "@opentelemetry/sdk-trace";
import type { SAMPLERS } from "./tracing-config.ts";

/** The sampler `OTEL_TRACES_SAMPLER` names; the `parentbased_` ones follow the caller's `traceparent` decision. */
export function createSampler(name: (typeof SAMPLERS)[number], ratio: number): Sampler {
  const root = name.endsWith("always_on")
    ? new AlwaysOnSampler()
    : name.endsWith("always_off")
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}
