import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { errorBody } from "../envelope.ts";

/**
 * Refuses a request body larger than `maxBytes` with 413 PAYLOAD_TOO_LARGE before anything reads it: by its
 * Content-Length, or while it streams in when it has none (chunked). The rest of the body is never read, so the
 * answer closes the connection: a client must not send its next request after those unread bytes.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  const limit = honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(errorBody("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`), 413, {
        Connection: "close",
      }),
  });
  // A GET or HEAD announcing no body has none: it passes without its `body` being read, which on Node.js would
  // make @hono/node-server build a whole fetch Request for every such request (a fifth of a user look-up's CPU).
  return (c, next) =>
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    c.req.header("content-length") === undefined &&
    c.req.header("transfer-encoding") === undefined
      ? next()
      : limit(c, next);
}
