/**
 * Routes documented with @hono/zod-openapi (`router.openapi(createRoute(…), handler)`) on `extend` routers and on
 * replacing `OpenAPIHono` routers: their paths (prefixed with the resource path) and components, for crud's document.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { JsonSchema } from "./json-schema.ts";

export interface DocumentedRouter {
  /** Where the router is mounted, e.g. `/api/books`. */
  readonly path: string;
  readonly router: OpenAPIHono;
}

export interface DocumentedRoutes {
  readonly paths: Record<string, JsonSchema>;
  /** Component sections (`schemas`, `parameters`, `securitySchemes`, …) by name. */
  readonly components: Record<string, Record<string, unknown>>;
}

export function isOpenApiRouter(router: unknown): router is OpenAPIHono {
  return typeof (router as Partial<OpenAPIHono> | undefined)?.getOpenAPI31Document === "function";
}

/** Adds `entries` to `section`; the same name with other content is a start-up error naming both. */
export function mergeComponents(
  into: Record<string, Record<string, unknown>>,
  section: string,
  entries: Record<string, unknown>,
  where: string,
): void {
  const target = into[section] ?? {};
  into[section] = target;
  for (const [name, value] of Object.entries(entries)) {
    if (name in target && JSON.stringify(target[name]) !== JSON.stringify(value)) {
      throw new Error(`${where}: OpenAPI component ${section}.${name} is defined twice, differently`);
    }
    target[name] = value;
  }
}

/**
 * OpenAPI requires `required: true` on path parameters; zod-to-openapi writes `false` for `z.coerce.*()` ones under
 * zod 4 (asteasolutions/zod-to-openapi#360), which would make the whole document invalid.
 */
function requirePathParameters(item: JsonSchema): JsonSchema {
  const fix = (parameters: unknown) =>
    Array.isArray(parameters)
      ? parameters.map((p: JsonSchema) => (p.in === "path" ? { ...p, required: true } : p))
      : parameters;
  return Object.fromEntries(
    Object.entries(item).map(([key, value]) => {
      if (key === "parameters") return [key, fix(value)];
      if (value && typeof value === "object" && "parameters" in value) {
        return [key, { ...(value as JsonSchema), parameters: fix((value as JsonSchema).parameters) }];
      }
      return [key, value];
    }),
  );
}

export function documentedRoutes(routers: readonly DocumentedRouter[]): DocumentedRoutes {
  const paths: Record<string, JsonSchema> = {};
  const components: Record<string, Record<string, unknown>> = {};
  for (const { path, router } of routers) {
    if (router.openAPIRegistry.definitions.length === 0) continue;
    const document = router.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "", version: "" } });
    for (const [routePath, item] of Object.entries(document.paths ?? {})) {
      const full = routePath === "/" ? path : path + routePath;
      paths[full] = { ...paths[full], ...requirePathParameters(item as JsonSchema) };
    }
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      mergeComponents(components, section, entries as Record<string, unknown>, `routes under ${path}`);
    }
  }
  return { paths, components };
}
