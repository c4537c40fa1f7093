import type { Context, MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../platform/http/envelope.ts";

/** The app's error codes as GraphQL clients spell them where they differ (Apollo's name for a server error). */
const graphqlCode: Partial<Record<ErrorCode, string>> = { INTERNAL_ERROR: "INTERNAL_SERVER_ERROR" };

/** `{ errors: [{ message, extensions: { code } }] }` as this client asked for it (GraphQL over HTTP's type, or JSON). */
export function graphqlErrorAnswer(c: Context, status: ContentfulStatusCode, code: string, message: string) {
  const graphqlResponse = c.req.header("accept")?.includes("application/graphql-response+json") ?? false;
  const type = graphqlResponse ? "application/graphql-response+json" : "application/json";
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  return c.body(body, status, { "Content-Type": `${type}; charset=utf-8` });
}

interface Envelope {
  status: "error";
  error: { code: ErrorCode; message: string };
}

const isEnvelope = (body: unknown): body is Envelope => (body as Envelope | null)?.status === "error";

/**
 * What the app answers at `endpoint` before yoga sees the request (413 from the body limit, 405 for a method with no
 * route, a 500 from the error handler) in GraphQL's shape instead of the REST envelope, with the same status and
 * headers (`Allow`, `Connection: close`): a GraphQL client reads `errors[0].extensions.code` from every answer.
 */
export const graphqlTransportErrors =
  (endpoint: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const json = c.res.headers.get("content-type")?.startsWith("application/json") ?? false;
    if (c.req.path !== endpoint || c.res.status < 400 || !json) return;
    const body: unknown = await c.res
      .clone()
      .json()
      .catch(() => undefined);
    if (!isEnvelope(body)) return;
    const { code, message } = body.error;
    c.res = graphqlErrorAnswer(c, c.res.status as ContentfulStatusCode, graphqlCode[code] ?? code, message);
  };
