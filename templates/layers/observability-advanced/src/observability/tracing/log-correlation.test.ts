import { describe, expect, test } from "bun:test";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { pino } from "pino";
import { finishedSpans } from "../../../test/support/in-memory-tracing.ts";
import type { AppEnv } from "../../platform/http/app-env.ts";
import { requestLogger } from "../../platform/http/middleware/request-logger.ts";
import { logMixin } from "../../platform/module.ts";
import { traceRequests } from "./trace-requests.ts";
import { tracingModule } from "./tracing.module.ts";

describe("trace ids in log lines", () => {
  test("the request line and lines logged inside a span carry its trace_id and span_id; lines outside none", async () => {
    const lines: string[] = [];
    const logger = pino({ mixin: logMixin([tracingModule]) }, { write: (line: string) => lines.push(line) });
    const app = new Hono<AppEnv>();
    app.use(traceRequests(), requestId(), requestLogger(logger));
    app.get("/items/:id", (c) => {
      logger.info("inside");
      return c.json({ id: c.req.param("id") });
    });
    finishedSpans.reset();
    expect((await app.request("/items/3")).status).toBe(200);
    logger.info("outside");

    const [span] = finishedSpans.getFinishedSpans();
    const ids = { trace_id: span?.spanContext().traceId, span_id: span?.spanContext().spanId };
    const [inside, request, outside] = lines.map((line) => JSON.parse(line));
    expect(inside).toMatchObject({ ...ids, msg: "inside" });
    expect(request).toMatchObject({ ...ids, path: "/items/3", msg: "request" });
    expect(outside.trace_id).toBeUndefined();
    expect(outside.span_id).toBeUndefined();
  });
});
