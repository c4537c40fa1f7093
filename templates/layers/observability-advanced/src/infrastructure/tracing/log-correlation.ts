import { trace } from "@opentelemetry/api";
import { pino } from "pino";
import type { Logger } from "../logger.ts";

/**
 * Every JSON log line written while a span is active gets `trace_id` and `span_id` (the request line included, which
 * the request logger writes to the same stream): one place, whatever wrote the line. The line is pino's JSON, so the
 * ids go in right after its opening brace. Lines without an active span are written as they are.
 */
export function correlateLogs(logger: Logger): void {
  // pino's documented symbol for the logger's destination (the request logger writes there too).
  const stream = (logger as unknown as Record<symbol, { write(line: string): unknown }>)[pino.symbols.streamSym];
  if (!stream) return;
  const write = stream.write.bind(stream);
  stream.write = (line: string) => {
    const span = trace.getActiveSpan();
    if (!span || !line.startsWith("{")) return write(line);
    const { traceId, spanId } = span.spanContext();
    return write(`{"trace_id":"${traceId}","span_id":"${spanId}",${line.slice(1)}`);
  };
}
