/** POST a GraphQL request to an app (no socket): HTTP status, `data`, `errors`. */
import type { Hono } from "hono";

export interface GraphqlReply {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary result shapes
  readonly data: any;
  readonly errors: { message: string; path?: string[]; extensions?: Record<string, unknown> }[] | undefined;
}

export async function gql(
  app: Hono,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphqlReply> {
  const response = await app.request("/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: GraphqlReply["errors"] };
  return { status: response.status, data: body.data, errors: body.errors };
}

/** The `extensions.code` of every error, in order. */
export const codes = (reply: GraphqlReply) => (reply.errors ?? []).map((e) => e.extensions?.code);
