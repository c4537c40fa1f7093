/** Components shared by every resource: the error bodies and the parts of the Spring-style page object. */
import type { JsonSchema } from "./json-schema.ts";

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const integer = { type: "integer" };
const boolean = { type: "boolean" };

function object(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return {
    type: "object",
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
  };
}

export const commonSchemas: Record<string, JsonSchema> = {
  ErrorResponse: object({
    timestamp: { type: "string", format: "date-time" },
    status: integer,
    error: { type: "string", description: "HTTP reason phrase" },
    message: { type: "string" },
    path: { type: "string", description: "Request path" },
  }),
  FieldError: object(
    {
      field: { type: "string" },
      message: { type: "string" },
      rejectedValue: { description: "The value sent (any JSON value)" },
      code: { type: "string", description: "Constraint name" },
      validationGroup: { type: "string", enum: ["Create", "Update"] },
    },
    ["code", "validationGroup"],
  ),
  ValidationErrorResponse: {
    description: "An error body; `errors` lists the rejected fields when `message` is `Validation failed`.",
    allOf: [
      ref("ErrorResponse"),
      { type: "object", properties: { errors: { type: "array", items: ref("FieldError") } } },
    ],
  },
  DeleteConfirmation: object({
    message: { type: "string" },
    id: { type: "string", description: "The id as written in the path" },
    permanent: { type: "boolean", description: "false when the row was only marked deleted" },
  }),
  SortState: object({ sorted: boolean, unsorted: boolean, empty: boolean }),
  Pageable: object({
    pageNumber: integer,
    pageSize: integer,
    sort: ref("SortState"),
    offset: integer,
    paged: boolean,
    unpaged: boolean,
  }),
};

/** The page object of a list endpoint whose items are `item`. */
export function pageSchema(item: string): JsonSchema {
  return object({
    content: { type: "array", items: ref(item) },
    pageable: ref("Pageable"),
    totalPages: integer,
    totalElements: integer,
    last: boolean,
    first: boolean,
    empty: boolean,
    size: integer,
    number: { ...integer, description: "0-based page index" },
    numberOfElements: integer,
    sort: ref("SortState"),
  });
}
