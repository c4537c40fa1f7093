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

/** Maps unique and foreign-key violations of pg, mysql2 and the SQLite drivers (through Drizzle's wrapping) to 409. */
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
  }
  return undefined;
}

/** The response for anything a handler threw: expected errors as they are, database conflicts as 409, others 500. */
export function failure(c: Context, error: unknown): Response {
  if (error instanceof HttpError) return errorResponse(c, error);
  const conflict = databaseError(error);
  if (conflict) return errorResponse(c, conflict);
  console.error("scaffold/crud: unexpected error", error);
  return errorResponse(c, new HttpError(500, "Unexpected server error"));
}
