/** Error bodies `{ timestamp, status, error, message, path }` and the mapping of database errors to HTTP statuses. */
import type { Context } from "hono";
import type { ValidationGroup } from "./types.ts";

export interface FieldError {
  readonly field: string;
  readonly message: string;
  readonly rejectedValue: unknown;
  readonly code?: string;
  readonly validationGroup?: ValidationGroup;
}

const reasons: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  412: "Precondition Failed",
  415: "Unsupported Media Type",
  500: "Internal Server Error",
};

/** An expected failure with its HTTP status; anything else thrown by a handler becomes a 500. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors: readonly FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>> | undefined;
  constructor(status: number, message: string, errors?: readonly FieldError[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export function errorResponse(c: Context, error: HttpError): Response {
  const body = {
    timestamp: new Date().toISOString(),
    status: error.status,
    error: reasons[error.status] ?? "Error",
    message: error.message,
    path: c.req.path,
    ...(error.errors ? { errors: error.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/json", ...error.headers },
  });
}

interface DriverError {
  code?: unknown;
  errno?: unknown;
  errcode?: unknown;
  cause?: unknown;
}

const uniqueCodes = new Set<unknown>([
  "23505",
  "ER_DUP_ENTRY",
  1062,
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
  2067,
  1555,
]);
const foreignKeyCodes = new Set<unknown>([
  "23503",
  "ER_ROW_IS_REFERENCED_2",
  "ER_NO_REFERENCED_ROW_2",
  1451,
  1452,
  "SQLITE_CONSTRAINT_FOREIGNKEY",
  787,
]);

const badValueCodes = new Set<unknown>([
  "23502", // pg not_null_violation
  "23514", // pg check_violation
  "ER_BAD_NULL_ERROR",
  "ER_DATA_TOO_LONG",
  "ER_WARN_DATA_OUT_OF_RANGE",
  "ER_TRUNCATED_WRONG_VALUE",
  "ER_CHECK_CONSTRAINT_VIOLATED",
  "SQLITE_CONSTRAINT_NOTNULL",
  "SQLITE_CONSTRAINT_CHECK",
]);

/** pg SQLSTATE class 22 (data exception: out of range, too long, bad encoding…) is the client's value, not a bug. */
function isBadValue(code: unknown): boolean {
  return badValueCodes.has(code) || (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code));
}

/**
 * Maps driver errors of pg, mysql2 and the SQLite drivers (through Drizzle's wrapping): unique and foreign-key
 * violations -> 409; values the column cannot hold -> 400. Anything else is unexpected.
 */
export function databaseError(error: unknown): HttpError | undefined {
  for (
    let current = error as DriverError | undefined, hops = 0;
    current && hops < 5;
    current = current.cause as DriverError, hops++
  ) {
    const codes = [current.code, current.errno, current.errcode];
    if (codes.some((code) => uniqueCodes.has(code))) return new HttpError(409, "Unique constraint violated");
    if (codes.some((code) => foreignKeyCodes.has(code))) {
      return new HttpError(409, "Operation blocked by a foreign key constraint");
    }
    if (codes.some(isBadValue)) return new HttpError(400, "A value does not fit its column");
  }
  return undefined;
}

export type ErrorReporter = (error: unknown, c: Context) => void;

export const reportToConsole: ErrorReporter = (error) => console.error("scaffold/crud: unexpected error", error);

/** The response for anything a handler threw: expected errors as they are, database errors mapped, others 500. */
export function failure(c: Context, error: unknown, report: ErrorReporter): Response {
  if (error instanceof HttpError) return errorResponse(c, error);
  const mapped = databaseError(error);
  if (mapped) return errorResponse(c, mapped);
  report(error, c);
  return errorResponse(c, new HttpError(500, "Unexpected server error"));
}
