import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { repoRoot } from "./generated-project.ts";

/**
 * The OTLP protos as @opentelemetry/exporter-otlp-grpc shipped them (its last release that did; the wire format of
 * the trace service is unchanged since: newer fields decode as unknown and are skipped).
 */
const PROTOS = join(repoRoot, "node_modules/@opentelemetry/exporter-otlp-grpc/build/protos");

/** A received span, decoded with ids as hex and attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: string;
  startNs: bigint;
  endNs: bigint;
  status: { code: string; message: string };
  attributes: Record<string, unknown>;
  serviceName: unknown;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  port: number;
  spans: ReceivedSpan[];
  /** Spans received, kept or not. */
  received(): number;
  /** Resolves once `predicate` holds for the received spans, or rejects after `timeoutMs`. */
  waitFor(predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<void>;
  /** A graceful shutdown (GOAWAY to connected clients, then close), as a collector that restarts does. */
  stop(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  value?: string;
}
const plain = (value: AnyValue | undefined): unknown => {
  if (!value) return undefined;
  if (value.value === "intValue") return Number(value.intValue);
  if (value.value === "doubleValue") return value.doubleValue;
  if (value.value === "boolValue") return value.boolValue;
  return value.stringValue;
};
const attributes = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));
const hex = (bytes: Buffer | undefined) => (bytes ? Buffer.from(bytes).toString("hex") : "");

// biome-ignore lint/suspicious/noExplicitAny: the decoded OTLP request, walked field by field below
function decodeSpans(request: any): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const resourceSpans of request.resourceSpans ?? []) {
    const serviceName = attributes(resourceSpans.resource?.attributes)["service.name"];
    for (const scope of resourceSpans.instrumentationLibrarySpans ?? []) {
      for (const span of scope.spans ?? []) {
        spans.push({
          traceId: hex(span.traceId),
          spanId: hex(span.spanId),
          parentSpanId: hex(span.parentSpanId),
          name: span.name,
          kind: span.kind,
          startNs: BigInt(span.startTimeUnixNano),
          endNs: BigInt(span.endTimeUnixNano),
          status: { code: span.status?.code ?? "STATUS_CODE_UNSET", message: span.status?.message ?? "" },
          attributes: attributes(span.attributes),
          serviceName,
        });
      }
    }
  }
  return spans;
}

function loadTraceService() {
  const definition = protoLoader.loadSync("opentelemetry/proto/collector/trace/v1/trace_service.proto", {
    includeDirs: [PROTOS],
    longs: String,
    enums: String,
    defaults: false,
    oneofs: true,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the loaded package's shape follows the proto's package path
  return (grpc.loadPackageDefinition(definition) as any).opentelemetry.proto.collector.trace.v1.TraceService.service;
}

function receiverOf(spans: ReceivedSpan[], port: number, received: () => number, stop: () => Promise<void>) {
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    spans,
    received,
    async waitFor(predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(spans)) {
        if (Date.now() > deadline)
          throw new Error(`OTLP receiver: spans not received in time: ${spans.map((s) => s.name)}`);
        await Bun.sleep(50);
      }
    },
    stop,
  } satisfies OtlpReceiver;
}

/**
 * OTLP over HTTP with protobuf bodies (`OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf`): `POST /v1/traces`, decoded with
 * the same protos.
 */
export function startOtlpHttpReceiver(): OtlpReceiver {
  const decode = loadTraceService().Export.requestDeserialize as (body: Buffer) => unknown;
  const spans: ReceivedSpan[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/traces") return new Response("not found", { status: 404 });
      if (request.headers.get("content-type") !== "application/x-protobuf")
        return new Response("bad type", { status: 415 });
      spans.push(...decodeSpans(decode(Buffer.from(await request.arrayBuffer()))));
      return new Response(new Uint8Array(), { headers: { "content-type": "application/x-protobuf" } });
    },
  });
  return receiverOf(
    spans,
    server.port as number,
    () => spans.length,
    async () => server.stop(true),
  );
}

/**
 * A real OTLP/gRPC trace receiver on 127.0.0.1 (port 0: a free one, or `port` to come back on the same one).
 * `keep: false` only counts the spans (a benchmark's receiver would otherwise hold every span in memory).
 */
export async function startOtlpReceiver(port = 0, { keep = true } = {}): Promise<OtlpReceiver> {
  const service = loadTraceService();
  const spans: ReceivedSpan[] = [];
  let received = 0;
  const server = new grpc.Server();
  server.addService(service, {
    // biome-ignore lint/suspicious/noExplicitAny: grpc-js's untyped unary handler
    Export: (call: any, callback: (error: null, response: object) => void) => {
      const decoded = decodeSpans(call.request);
      received += decoded.length;
      if (keep) spans.push(...decoded);
      callback(null, {});
    },
  });
  const bound = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error, actual) =>
      error ? reject(error) : resolve(actual),
    ),
  );
  return receiverOf(
    spans,
    bound,
    () => received,
    () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  );
}
