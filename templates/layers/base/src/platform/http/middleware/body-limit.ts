import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { errorBody } from "../envelope.ts";

/**
 * Refuses a request body larger than `maxBytes` with 413 PAYLOAD_TOO_LARGE before anything reads it: by its
 * Content-Length, or while it streams in when it has none (chunked). The rest of the body is never read, so the
 * answer closes the connection: a client must not send its next request after those unread bytes.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  const tooLarge = (c: Context) =>
    c.json(errorBody("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`), 413, {
      Connection: "close",
    });
  const limit = honoBodyLimit({ maxSize: maxBytes, onError: tooLarge });
  // A body that announces its length is checked by that header alone, without reading `body`: on Node.js that
  // would make @hono/node-server build a whole fetch Request (a web stream over the socket) for every request, where
  // its own `json()` and `text()` read the socket directly.
  return async (c, next) => {
    if (c.req.header("transfer-encoding") !== undefined) return limit(c, next);
    const length = c.req.header("content-length");
    if (length === undefined) return c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next);
    return Number.parseInt(length, 10) > maxBytes ? tooLarge(c) : next();
  };
}
