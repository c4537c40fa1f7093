import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

/** `db.system` values of the OpenTelemetry semantic conventions. */
export type DatabaseSystem = "postgresql" | "mysql" | "sqlite";

const tracer = trace.getTracer("database");

/**
 * Runs one statement inside a `db.query` client span, a child of the active span (the request's), from the driver's
 * call to its answer: the span carries the real duration and, when the statement fails, an error status and the
 * exception. Attributes carry the older semantic-convention names (`db.system`, `db.statement`) and the current ones
 * (`db.system.name`, `db.query.text`). The statement text is Drizzle's, with placeholders: values are never recorded.
 * A statement outside any trace (migrations at start-up) starts none.
 */
export async function traceStatement<T>(system: DatabaseSystem, statement: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getActiveSpan()) return run();
  const span = tracer.startSpan("db.query", {
    kind: SpanKind.CLIENT,
    attributes: {
      "db.system": system,
      "db.statement": statement,
      "db.system.name": system,
      "db.query.text": statement,
    },
  });
  try {
    return await run();
  } catch (error) {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}
