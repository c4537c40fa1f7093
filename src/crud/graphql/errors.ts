/**
 * Failures of the shared REST code paths as GraphQL errors: the HTTP status becomes `extensions.code`, validation
 * failures keep the REST `errors` array, database errors are mapped as REST maps them, anything else is reported
 * through `onError` and masked.
 */
import { GraphQLError } from "graphql";
import type { Context } from "hono";
import { databaseError, type ErrorReporter, HttpError } from "../errors.ts";

const codes: Readonly<Record<number, string>> = {
  400: "BAD_USER_INPUT",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  412: "PRECONDITION_FAILED",
};

export function graphqlError(error: HttpError): GraphQLError {
  const extensions: Record<string, unknown> = { code: codes[error.status] ?? "BAD_REQUEST", status: error.status };
  if (error.errors) extensions.errors = error.errors;
  return new GraphQLError(error.message, { extensions });
}

/** Runs a resolver body, turning its failure into the GraphQL error the client sees. */
export async function guarded<T>(c: Context, report: ErrorReporter, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GraphQLError) throw error;
    if (error instanceof HttpError) throw graphqlError(error);
    const mapped = databaseError(error);
    if (mapped) throw graphqlError(mapped);
    report(error, c);
    throw new GraphQLError("Unexpected server error", { extensions: { code: "INTERNAL_SERVER_ERROR" } });
  }
}
