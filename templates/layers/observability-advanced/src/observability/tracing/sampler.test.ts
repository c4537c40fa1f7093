import { expect, test } from "bun:test";
import { ROOT_CONTEXT, SpanKind, TraceFlags, trace } from "@opentelemetry/api";
import { SamplingDecision } from "@opentelemetry/sdk-trace";
import { createSampler } from "./sampler.ts";

const sampled = (name: Parameters<typeof createSampler>[0], ratio: number, parentSampled?: boolean) => {
  const parent =
    parentSampled === undefined
      ? ROOT_CONTEXT
      : trace.setSpanContext(ROOT_CONTEXT, {
          traceId: "0af7651916cd43dd8448eb211c80319c",
          spanId: "b7ad6b7169203331",
          traceFlags: parentSampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
          isRemote: true,
        });
  const traceIds = Array.from({ length: 200 }, (_, i) => i.toString(16).padStart(32, "f"));
  const decisions = traceIds.map(
    (traceId) => createSampler(name, ratio).shouldSample(parent, traceId, "span", SpanKind.SERVER, {}, []).decision,
  );
  return decisions.filter((decision) => decision === SamplingDecision.RECORD_AND_SAMPLED).length / decisions.length;
};

test("OTEL_TRACES_SAMPLER: always_on / always_off sample all / none", () => {
  expect(sampled("always_on", 1)).toBe(1);
  expect(sampled("always_off", 1)).toBe(0);
});

test("traceidratio samples about the ratio of traces, by trace id", () => {
  expect(sampled("traceidratio", 0)).toBe(0);
  expect(sampled("traceidratio", 1)).toBe(1);
});

test("parentbased_* follow the caller's sampled flag, and use their root sampler without a caller", () => {
  expect(sampled("parentbased_always_on", 1, false)).toBe(0);
  expect(sampled("parentbased_always_off", 1, true)).toBe(1);
  expect(sampled("parentbased_always_on", 1)).toBe(1);
  expect(sampled("parentbased_traceidratio", 0)).toBe(0);
});
