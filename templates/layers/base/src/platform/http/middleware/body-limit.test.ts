import { describe, expect, test } from "bun:test";
import { pino } from "pino";
import { createRouter } from "../router.ts";
import { bodyLimit } from "./body-limit.ts";
import { errorHandler } from "./error-handler.ts";

/** An app that echoes the length of the JSON it parsed, behind a 16-byte body limit. */
function limitedApp() {
  const app = createRouter();
  app.onError(errorHandler(pino({ level: "silent" }), false));
  app.use(bodyLimit(16));
  app.post("/echo", async (c) => c.json({ length: JSON.stringify(await c.req.json()).length }));
  return app;
}

/** A body sent in two chunks without Content-Length (chunked transfer encoding over HTTP). */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const half = Math.floor(bytes.length / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, half));
      controller.enqueue(bytes.subarray(half));
      controller.close();
    },
  });
}

const post = (
  app: ReturnType<typeof limitedApp>,
  body: string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) => app.request("/echo", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

describe("body limit", () => {
  test("a body within the limit reaches the handler", async () => {
    const res = await post(limitedApp(), '{"a":"1234567"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ length: 15 });
  });

  test("a larger body announced by Content-Length is refused with 413 PAYLOAD_TOO_LARGE, closing the connection", async () => {
    const res = await post(limitedApp(), '{"a":"12345678901234567890"}', { "content-length": "28" });
    expect(res.status).toBe(413);
    // The rest of the body stays unread, so the connection must not carry another request.
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toEqual({
      status: "error",
      error: { code: "PAYLOAD_TOO_LARGE", message: "Request body is larger than 16 bytes" },
    });
  });

  test("a larger body without Content-Length (chunked) is refused too, and a small chunked one passes", async () => {
    const big = await post(limitedApp(), chunked('{"a":"12345678901234567890"}'));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    const small = await post(limitedApp(), chunked('{"a":"1"}'));
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ length: 9 });
  });

  test("a GET or HEAD that announces no body passes without its body being looked at", async () => {
    // @hono/node-server builds a whole fetch Request the first time a request's `body` is read: a cost per request.
    const app = limitedApp();
    app.get("/echo", (c) => c.text("ok"));
    for (const method of ["GET", "HEAD"]) {
      const request = new Request("http://localhost/echo", { method });
      let looked = false;
      Object.defineProperty(request, "body", {
        get: () => {
          looked = true;
          return null;
        },
      });
      expect((await app.request(request)).status).toBe(200);
      expect(looked).toBe(false);
    }
  });
});
