/** The OpenAPI path items of one resource: every generated operation with its parameters, bodies and status codes. */
import { queryLimits } from "../limits.ts";
import type { AccessRule, ResourceModel } from "../model.ts";
import type { PagingOptions } from "../types.ts";
import { ref } from "./common-schemas.ts";
import type { JsonSchema } from "./json-schema.ts";
import { idParameter, listParameters, permanentParameter } from "./parameters.ts";

export const bearerScheme = "bearerAuth";

const json = (schema: JsonSchema) => ({ content: { "application/json": { schema } } });

const errorText: Readonly<Record<number, string>> = {
  400: "Invalid request: bad parameter or body",
  401: "Authentication required (security level AUTHENTICATED or ROLE_BASED)",
  403: "The authenticated user has none of the required roles (ROLE_BASED)",
  404: "No row with this id",
  409: "Conflict: unique constraint violated, stale version, or blocked by a foreign key",
  412: "`If-Match` does not match the current ETag",
  415: "The body is not JSON: `Content-Type` must be `application/json` (a charset may follow) or another `+json` type",
};

function errors(codes: readonly number[], bodyErrors: boolean): Record<string, JsonSchema> {
  return Object.fromEntries(
    codes.map((code) => [
      String(code),
      {
        description: errorText[code],
        ...json(ref(code === 400 && bodyErrors ? "ValidationErrorResponse" : "ErrorResponse")),
      },
    ]),
  );
}

const header = (description: string, schema: JsonSchema = { type: "string" }) => ({ description, schema });

function etag(model: ResourceModel): Record<string, JsonSchema> {
  return model.audit?.version ? { ETag: header('The row\'s version, quoted: `"3"`; send it back as `If-Match`') } : {};
}

function success(description: string, model: ResourceModel, extraHeaders: Record<string, JsonSchema> = {}) {
  const headers = { ...extraHeaders, ...etag(model) };
  return {
    description,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...json(ref(model.name)),
  };
}

/**
 * `security: []` marks a public operation. The roles of a ROLE_BASED rule are in the description and in
 * `x-required-roles`, not in the requirement: OpenAPI 3.1 allows role names there, but linters (Spectral's
 * `oas3-operation-security-defined`) read them as OAuth scopes the bearer scheme does not define.
 */
function security(rule: AccessRule): JsonSchema {
  if (rule.level === "PUBLIC") return { security: [] };
  return {
    security: [{ [bearerScheme]: [] }],
    ...(rule.level === "ROLE_BASED" ? { "x-required-roles": [...rule.roles] } : {}),
  };
}

function roleNote(rule: AccessRule): string {
  if (rule.level === "PUBLIC") return "";
  if (rule.level === "AUTHENTICATED") return "Requires an authenticated user.";
  return `Requires one of the roles: ${rule.roles.join(", ")}.`;
}

function operationId(verb: string, model: ResourceModel): string {
  const words = model.name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return verb + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

function operation(
  model: ResourceModel,
  verb: string,
  summary: string,
  rule: AccessRule,
  rest: JsonSchema,
  note?: string,
) {
  const description = [model.description, roleNote(rule), note].filter(Boolean).join("\n\n");
  return {
    operationId: operationId(verb, model),
    summary,
    ...(description ? { description } : {}),
    tags: [...model.tags],
    ...security(rule),
    ...rest,
  };
}

/** PUT and PATCH bodies of versioned resources also take the `version` the client read (stale -> 409). */
function writeBody(model: ResourceModel, schema: string): JsonSchema {
  const own = ref(schema);
  if (!model.audit?.version) return { required: true, ...json(own) };
  const version = {
    type: "object",
    properties: { version: { type: "integer", description: "The version the client read; a stale one gives 409" } },
  };
  return { required: true, ...json({ allOf: [own, version] }) };
}

function ifMatch(model: ResourceModel): JsonSchema[] {
  if (!model.audit?.version) return [];
  const description = 'ETag of the version the client read (`"3"`); a mismatch gives 412';
  return [{ name: "If-Match", in: "header", required: false, description, schema: { type: "string" } }];
}

function deleteSuccess(model: ResourceModel): Record<string, JsonSchema> {
  if (model.deleteResponse === "JSON") {
    return { "200": { description: "Deleted", ...json(ref("DeleteConfirmation")) } };
  }
  return { "204": { description: "Deleted" } };
}

const limitsNote =
  `At most ${queryLimits.filters} filter parameters (repeated ones included), ${queryLimits.sortKeys} sort ` +
  `parameters and ${queryLimits.listValues} values per list filter; more answers 400.`;

const strictNote = "Query parameters not listed here answer 400 (`Unknown query parameters: …`).";

/** Path items keyed by OpenAPI path (`{id}` templates) for the operations the resource generates. */
export function resourcePaths(model: ResourceModel, paging: Required<PagingOptions>): Record<string, JsonSchema> {
  const has = (operation: Parameters<typeof model.operations.has>[0]) => model.operations.has(operation);
  const { read, write, name } = model;
  const collection: JsonSchema = {};
  const item: JsonSchema = {};
  const pathId = idParameter(model);
  if (has("list")) {
    collection.get = operation(
      model,
      "list",
      `List ${name} (paged, sorted, filtered)`,
      read,
      {
        parameters: listParameters(model, paging),
        responses: {
          "200": {
            description: "One page",
            headers: { "X-Total-Count": header("Total number of matching rows", { type: "integer" }) },
            ...json(ref(`${name}Page`)),
          },
          ...errors([400, 401, 403], false),
        },
      },
      model.strictQuery ? `${limitsNote} ${strictNote}` : limitsNote,
    );
  }
  if (has("create")) {
    collection.post = operation(model, "create", `Create a row of ${name}`, write, {
      requestBody: { required: true, ...json(ref(`${name}Create`)) },
      responses: {
        "201": success("Created", model, { Location: header("Path of the new row") }),
        ...errors([400, 401, 403, 409, 415], true),
      },
    });
  }
  if (has("get")) {
    item.get = operation(model, "get", `Get a row of ${name} by id`, read, {
      responses: { "200": success("The row", model), ...errors([404, 401, 403], false) },
    });
  }
  const updateErrors = model.audit?.version ? [400, 404, 401, 403, 409, 412, 415] : [400, 404, 401, 403, 409, 415];
  if (has("update")) {
    item.put = operation(model, "replace", `Replace a row of ${name} (all writable fields)`, write, {
      parameters: ifMatch(model),
      requestBody: writeBody(model, `${name}Update`),
      responses: { "200": success("The updated row", model), ...errors(updateErrors, true) },
    });
  }
  if (has("patch")) {
    item.patch = operation(model, "patch", `Update some fields of a row of ${name}`, write, {
      parameters: ifMatch(model),
      requestBody: writeBody(model, `${name}Patch`),
      responses: { "200": success("The updated row", model), ...errors(updateErrors, true) },
    });
  }
  if (has("delete")) {
    const how = model.softDelete ? "Mark a row of %s deleted (`permanent=true` removes it)" : "Delete a row of %s";
    item.delete = operation(model, "delete", how.replace("%s", name), write, {
      parameters: model.softDelete ? [permanentParameter()] : [],
      responses: { ...deleteSuccess(model), ...errors([404, 401, 403, 409], false) },
    });
  }
  const paths: Record<string, JsonSchema> = {};
  if (Object.keys(collection).length > 0) paths[model.fullPath] = collection;
  if (Object.keys(item).length > 0) paths[`${model.fullPath}/{id}`] = { parameters: [pathId], ...item };
  if (has("delete") && model.softDelete) {
    paths[`${model.fullPath}/{id}/restore`] = {
      parameters: [pathId],
      post: operation(model, "restore", `Restore a soft-deleted row of ${name}`, write, {
        responses: { "200": success("The restored row", model), ...errors([404, 401, 403], false) },
      }),
    };
  }
  return paths;
}
