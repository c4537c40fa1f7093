import { trace } from "@opentelemetry/api";

/** `trace_id` and `span_id` of the active span, for every log line written inside it (the logger's `mixin`). */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
