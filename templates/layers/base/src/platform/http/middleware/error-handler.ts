import type { ErrorHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "../../database/database-unavailable.ts";
import { developmentDetails } from "../../error-details.ts";
import { DomainError, type DomainErrorCode } from "../../errors.ts";
import type { Logger } from "../../logger.ts";
import type { AppEnv } from "../app-env.ts";
import { type ErrorCode, errorBody } from "../envelope.ts";

const statusOf: Record<DomainErrorCode, ContentfulStatusCode> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

const codeOfStatus: Partial<Record<number, ErrorCode>> = {
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

function codeOf(status: number): ErrorCode {
  if (status >= 500) return "INTERNAL_ERROR";
  return codeOfStatus[status] ?? "VALIDATION_ERROR";
}

/**
 * Maps every error to the documented body; a 500 shows its stack only when `exposeStack` (APP_ENV=development), and
 * never a query's parameters. A database that does not answer is a 503 the client may retry, not a bug: it is logged
 * as a warning.
 */
export function errorHandler(logger: Logger, exposeStack: boolean): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof DomainError) {
      return c.json(errorBody(error.code, error.message, error.details), statusOf[error.code]);
    }
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody(codeOf(error.status), error.message), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, requestId: c.get("requestId") }, "database unavailable");
      return c.json(errorBody("SERVICE_UNAVAILABLE", "The database is not answering: try again shortly"), 503);
    }
    logger.error({ err: error, requestId: c.get("requestId") }, "unhandled error");
    const details = exposeStack ? { stack: developmentDetails(error).stack } : undefined;
    return c.json(errorBody("INTERNAL_ERROR", "Internal server error", details), 500);
  };
}
