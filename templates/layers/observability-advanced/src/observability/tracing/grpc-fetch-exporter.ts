import { type ExportResult, ExportResultCode, parseKeyPairsIntoRecord } from "@opentelemetry/core";
import { ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace";

const EXPORT_PATH = "/opentelemetry.proto.collector.trace.v1.TraceService/Export";

interface DenoHttp {
  createHttpClient(options: { http1: boolean; http2: boolean }): { close(): void };
}

/**
 * OTLP/gRPC for Deno, over Deno's own HTTP/2 client (fetch with HTTP/2 only: prior knowledge on http://) instead of
 * @grpc/grpc-js. On Deno, grpc-js runs on the node:http2 compatibility layer, which aborts the whole process (an
 * nghttp2 assertion, or a segfault) in about half the cases when the collector shuts down gracefully and sends GOAWAY;
 * fetch's client just reconnects. One unary call per batch: a 5-byte gRPC frame header, then the protobuf request.
 * A `grpc-status` other than 0 in the answer's headers (a trailers-only error answer) fails the export.
 */
export class GrpcFetchSpanExporter implements SpanExporter {
  private readonly client = (globalThis as unknown as { Deno: DenoHttp }).Deno.createHttpClient({
    http1: false,
    http2: true,
  });
  private readonly url: string;
  private readonly headers: Record<string, string>;
  private readonly timeoutMs: number;

  constructor(timeoutMs: number) {
    this.timeoutMs = timeoutMs;
    const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    this.url = `${(endpoint || "http://localhost:4317").replace(/\/$/, "")}${EXPORT_PATH}`;
    const extra = process.env.OTEL_EXPORTER_OTLP_TRACES_HEADERS || process.env.OTEL_EXPORTER_OTLP_HEADERS || "";
    this.headers = { ...parseKeyPairsIntoRecord(extra), "content-type": "application/grpc", te: "trailers" };
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    const message = ProtobufTraceSerializer.serializeRequest(spans) ?? new Uint8Array();
    const body = new Uint8Array(5 + message.length);
    new DataView(body.buffer).setUint32(1, message.length);
    body.set(message, 5);
    fetch(this.url, {
      method: "POST",
      headers: this.headers,
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
      client: this.client,
    } as RequestInit)
      .then(async (response) => {
        await response.arrayBuffer();
        const status = response.headers.get("grpc-status");
        if (!response.ok || (status !== null && status !== "0")) {
          throw new Error(`OTLP export failed: HTTP ${response.status}, grpc-status ${status}`);
        }
        done({ code: ExportResultCode.SUCCESS });
      })
      .catch((error: Error) => done({ code: ExportResultCode.FAILED, error }));
  }

  async shutdown(): Promise<void> {
    this.client.close();
  }

  async forceFlush(): Promise<void> {}
}
