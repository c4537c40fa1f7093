import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { errorBody } from "../envelope.ts";

/**
 * Refuses a request body larger than `maxBytes` with 413 PAYLOAD_TOO_LARGE before anything reads it: by its
 * Content-Length, or while it streams in when it has none (chunked). The rest of the body is never read, so the
 * answer closes the connection: a client must not send its next request after those unread bytes.
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(errorBody("PAYLOAD_TOO_LARGE", `Request body is larger than ${maxBytes} bytes`), 413, {
        Connection: "close",
      }),
  });
}
