import { type DocumentNode, getOperationAST } from "graphql";
import { isAsyncIterable, processRegularResult } from "graphql-yoga";
import type { GraphqlServer } from "./graphql-server.ts";

/**
 * The answer's media type for each Accept header the shortcut serves, as yoga would choose it (no header means any).
 * Other headers (several types, parameters, streams) take yoga's whole way.
 */
const ANSWER_TYPES = new Map([
  ["", "application/json"],
  ["*/*", "application/json"],
  ["application/json", "application/json"],
  ["application/graphql-response+json", "application/graphql-response+json"],
]);

interface OperationParams {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown>;
}

const PARAM_NAMES = new Set(["query", "variables", "operationName", "extensions"]);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The body's parameters when it is one well-formed operation request; undefined for anything yoga has to judge. */
function operationParams(body: string): OperationParams | undefined {
  let params: unknown;
  try {
    params = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!isObject(params) || typeof params.query !== "string") return undefined;
  if (Object.keys(params).some((name) => !PARAM_NAMES.has(name))) return undefined;
  const { variables, operationName, extensions } = params;
  if (variables != null && !isObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== "string") return undefined;
  if (extensions !== undefined && !isObject(extensions)) return undefined;
  return params as unknown as OperationParams;
}

type Enveloped = ReturnType<GraphqlServer["getEnveloped"]>;

/**
 * Documents that parsed and validated, by query text, at most this many (the oldest goes first): a service's clients
 * send few distinct queries, and a stream of distinct valid ones only cycles this bounded map.
 */
const KEPT_DOCUMENTS = 1_000;

/**
 * A valid query or mutation POSTed as JSON, answered through yoga's own parse, validate and execute (with this
 * server's plugins: limits, error masking) and its own answer format, without its HTTP pipeline, which costs a
 * single-user query more than running it. A query text that parsed and validated once is not parsed or validated again: both depend
 * only on the text and this server's schema and rules. The answer is undefined, having run nothing, for every other
 * request (a syntax or validation error, a subscription, an unusual Accept header or body): yoga then answers it as a
 * whole, with its exact status codes and messages.
 */
export function plainOperations(yoga: GraphqlServer) {
  const documents = new Map<string, DocumentNode>();

  function validDocument(query: string, { parse, validate, schema }: Enveloped): DocumentNode | undefined {
    const kept = documents.get(query);
    if (kept) return kept;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch {
      return undefined;
    }
    if (validate(schema, document).length > 0) return undefined;
    if (documents.size >= KEPT_DOCUMENTS) documents.delete(documents.keys().next().value as string);
    documents.set(query, document);
    return document;
  }

  return async function answer(request: Request, body: string): Promise<Response | undefined> {
    const answerType = ANSWER_TYPES.get(request.headers.get("accept")?.trim().toLowerCase() ?? "");
    const params = answerType ? operationParams(body) : undefined;
    if (!answerType || !params) return undefined;
    const enveloped = yoga.getEnveloped({ request, params });
    const document = validDocument(params.query, enveloped);
    const operation = document && getOperationAST(document, params.operationName);
    if (!document || !operation || operation.operation === "subscription") return undefined;
    const result = await enveloped.execute({
      schema: enveloped.schema,
      document,
      contextValue: await enveloped.contextFactory(),
      variableValues: params.variables,
      operationName: params.operationName,
    });
    // A plain success is plain JSON, as yoga writes it; errors and extensions take yoga's own formatting.
    if (!isAsyncIterable(result) && result.errors === undefined && result.extensions === undefined) {
      return new Response(JSON.stringify(result), { headers: { "content-type": `${answerType}; charset=utf-8` } });
    }
    return processRegularResult(result, yoga.fetchAPI, answerType);
  };
}
