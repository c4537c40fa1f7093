/**
 * The request body limit (25 MB, yoga's default: 413 with `extensions.code` REQUEST_ENTITY_TOO_LARGE beyond) without
 * yoga's cost on every request: yoga pipes each body through a TransformStream into a new Request to count its bytes.
 * A body with a valid Content-Length cannot be longer (the server reads that many bytes), so the header is checked;
 * only a body without one (chunked) is counted as it is read, and reading stops at the limit.
 */
import { GraphQLError } from "graphql";
import type { Plugin } from "graphql-yoga";

export const maxBodyBytes = 25_000_000;

const httpError = (message: string, status: number, code: string) =>
  new GraphQLError(message, { extensions: { http: { status }, code } });
const tooLarge = () => httpError("Request body too large", 413, "REQUEST_ENTITY_TOO_LARGE");
/** One non-negative integer: anything else (also comma-joined values) is refused, as yoga does. */
const contentLength = /^\d+$/;

/** The body read up to `limit` bytes into a new request (413 past it). */
async function readLimited(request: Request, limit: number, RequestClass: typeof Request): Promise<Request> {
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new RequestClass(request.url, { method: request.method, headers: request.headers, body });
}

/** Use with yoga's own limit off (`maxRequestBodySize: false`). */
export function bodyLimitPlugin(limit = maxBodyBytes): Plugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const length = request.headers.get("content-length");
      if (length !== null) {
        if (!contentLength.test(length)) throw httpError("Content-Length header is invalid.", 400, "BAD_REQUEST");
        if (Number(length) > limit) throw tooLarge();
        return;
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser(async (req) => parse(await readLimited(req, limit, fetchAPI.Request)));
    },
  };
}
