import { GraphQLError } from "graphql";
import { isDatabaseUnavailable } from "../platform/database/database-unavailable.ts";
import { developmentDetails } from "../platform/error-details.ts";
import { DomainError, type DomainErrorCode } from "../platform/errors.ts";
import type { Logger } from "../platform/logger.ts";
import { withoutSuggestion } from "./plugins.ts";

/** The `extensions.code` of each domain error (Apollo's names, which GraphQL clients know). */
const codeOf: Record<DomainErrorCode, string> = {
  VALIDATION_ERROR: "BAD_USER_INPUT",
  UNAUTHORIZED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
};

/** The error as the client sees it, where the original stood in the answer (`path`, `locations`). */
const answer = (error: GraphQLError, message: string, extensions: Record<string, unknown>) =>
  new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions,
  });

/**
 * yoga's answer to a body that is not JSON names the JSON parser's own error (`extensions.originalError`): the message
 * says enough. yoga reads that extension to answer 400 rather than 200 to an `application/json` client, so the status
 * is stated instead (`http`, which yoga keeps out of the answer).
 */
function withoutParserError(error: GraphQLError): GraphQLError {
  const { code, http } = error.extensions as { code?: string; http?: { status?: number } };
  return answer(error, error.message, { code: code ?? "BAD_REQUEST", http: { status: http?.status ?? 400 } });
}

/**
 * yoga's `maskError`, for every error of an answer. What a resolver threw becomes a GraphQL error with
 * `extensions.code`: domain errors keep their message (BAD_USER_INPUT lists the offending `fields`); anything else is
 * logged and answered INTERNAL_SERVER_ERROR without its message or stack, unless `development` (APP_ENV=development:
 * even then without a query's parameters);
 * a database that does not answer is SERVICE_UNAVAILABLE, which the client may retry.
 * graphql-js's errors about the request itself (a variable of the wrong type) are BAD_USER_INPUT, without a
 * suggestion of the field meant outside development; yoga's about the transport (malformed JSON) keep their code.
 */
export function maskError(logger: Logger, development: boolean) {
  return (error: unknown): Error => {
    const graphqlError =
      error instanceof GraphQLError ? error : new GraphQLError("Unexpected error", { originalError: error as Error });
    const original = graphqlError.originalError;
    if (original === undefined || original instanceof GraphQLError) {
      const shown = development ? graphqlError : withoutSuggestion(graphqlError);
      if (shown.extensions.originalError !== undefined) return withoutParserError(shown);
      if (shown.extensions.code) return shown;
      return answer(shown, shown.message, { ...shown.extensions, code: "BAD_USER_INPUT" });
    }
    if (original instanceof DomainError) {
      const fields = original.code === "VALIDATION_ERROR" && original.details ? { fields: original.details } : {};
      return answer(graphqlError, original.message, { code: codeOf[original.code], ...fields });
    }
    if (isDatabaseUnavailable(original)) {
      logger.warn({ err: original, path: graphqlError.path?.join(".") }, "database unavailable");
      return answer(graphqlError, "The database is not answering: try again shortly", { code: "SERVICE_UNAVAILABLE" });
    }
    logger.error({ err: original, path: graphqlError.path?.join(".") }, "unhandled error");
    const details = development ? developmentDetails(original) : {};
    return answer(graphqlError, "Internal server error", { code: "INTERNAL_SERVER_ERROR", ...details });
  };
}
