/**
 * The router handed to a resource's `extend`: an `OpenAPIHono` (@hono/zod-openapi), so routes added with
 * `router.openapi(createRoute(…), handler)` are validated and documented in crud's OpenAPI document. Its validation
 * failures answer the library's 400 body (`Validation failed` with `errors`), like the generated endpoints.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { errorResponse, type FieldError, HttpError } from "./errors.ts";

interface ValidationResult {
  readonly success: boolean;
  readonly data: unknown;
  readonly error?: { readonly issues: readonly { path: readonly PropertyKey[]; message: string; code: string }[] };
}

/** The value at `path` inside what the client sent. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path)
    value = value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value ?? null;
}

function validationFailure(result: ValidationResult, c: Context): Response | undefined {
  if (result.success) return undefined;
  const errors: FieldError[] = (result.error?.issues ?? []).map((issue) => ({
    field: issue.path.map(String).join("."),
    message: issue.message,
    rejectedValue: valueAt(result.data, issue.path),
    code: issue.code,
  }));
  return errorResponse(c, new HttpError(400, "Validation failed", errors));
}

export function extensionRouter(): OpenAPIHono {
  return new OpenAPIHono({ defaultHook: validationFailure as never });
}
