/** The OpenAPI 3.1 document of every generated operation, built from the resource models. */
import type { ZodType } from "zod";
import type { ResourceModel } from "../model.ts";
import { resourceSchemas } from "../schemas.ts";
import type { OpenApiDocumentOptions, PagingOptions } from "../types.ts";
import { commonSchemas, pageSchema } from "./common-schemas.ts";
import { type DocumentedRouter, documentedRoutes, mergeComponents } from "./extensions.ts";
import { componentSchemas, type JsonSchema } from "./json-schema.ts";
import { bearerScheme, resourcePaths } from "./operations.ts";

export interface DocumentOptions extends OpenApiDocumentOptions {
  readonly paging: Required<PagingOptions>;
  /** Routers whose `openapi()` routes are documented too (`extend` routers, replacing OpenAPIHono routers). */
  readonly routers?: readonly DocumentedRouter[];
}

/** Resources with generic operations: not CUSTOM and not replaced by the user's own router. */
function documentedModels(models: readonly ResourceModel[]): ResourceModel[] {
  return models.filter((m) => m.operations.size > 0 && !m.resource.options.router);
}

function tags(models: readonly ResourceModel[]): JsonSchema[] {
  const described = new Map<string, string | undefined>();
  for (const model of models) {
    for (const tag of model.tags) {
      if (!described.get(tag)) described.set(tag, model.description);
    }
  }
  return [...described].map(([name, description]) => (description ? { name, description } : { name }));
}

export function openApiDocument(models: readonly ResourceModel[], options: DocumentOptions): JsonSchema {
  const documented = documentedModels(models);
  const outputs: Record<string, ZodType> = {};
  const inputs: Record<string, ZodType> = {};
  // Nested relations reference their target's output schema, so every model's output is a component.
  for (const model of models) outputs[model.name] = resourceSchemas(model).output;
  const pages: Record<string, JsonSchema> = {};
  const paths: Record<string, JsonSchema> = {};
  for (const model of documented) {
    const schemas = resourceSchemas(model);
    Object.assign(inputs, {
      [`${model.name}Create`]: schemas.create,
      [`${model.name}Update`]: schemas.update,
      [`${model.name}Patch`]: schemas.patch,
    });
    pages[`${model.name}Page`] = pageSchema(model.name);
    Object.assign(paths, resourcePaths(model, options.paging));
  }
  const secured = documented.some((m) => m.read.level !== "PUBLIC" || m.write.level !== "PUBLIC");
  // Only what an operation refers to: a DELETE answers DeleteConfirmation only where `deleteResponse` is JSON.
  const { DeleteConfirmation, ...alwaysUsed } = commonSchemas;
  const confirmsDeletes = documented.some((m) => m.operations.has("delete") && m.deleteResponse === "JSON");
  const components: Record<string, Record<string, unknown>> = {
    schemas: {
      ...alwaysUsed,
      ...(confirmsDeletes ? { DeleteConfirmation } : {}),
      ...componentSchemas(outputs, "output"),
      ...componentSchemas(inputs, "input"),
      ...pages,
    },
  };
  if (secured) components.securitySchemes = { [bearerScheme]: { type: "http", scheme: "bearer", bearerFormat: "JWT" } };
  // Documented custom routes: their operations win over generated ones on the same path and method, as they do when
  // requests are routed (extend routes come first).
  const extra = documentedRoutes(options.routers ?? []);
  for (const [path, item] of Object.entries(extra.paths)) paths[path] = { ...paths[path], ...item };
  for (const [section, entries] of Object.entries(extra.components)) {
    mergeComponents(components, section, entries, "custom routes");
  }
  return {
    openapi: "3.1.0",
    info: { title: "REST API", version: "1.0.0", ...options.info },
    // Without configured servers, `/`: the host that serves the document.
    servers: options.servers ?? [{ url: "/" }],
    tags: tags(documented),
    paths,
    components,
  };
}
