import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";

/**
 * Refuses a request body larger than `maxBytes` with 413 (PAYLOAD_TOO_LARGE, through the error handler) before
 * anything reads it: by its Content-Length, or while it streams in when it has none (chunked).
 */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HTTPException(413, { message: `Request body is larger than ${maxBytes} bytes` });
    },
  });
}
