/**
 * zod schemas -> JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Schemas with an id become components; zod puts
 * recursive helpers (e.g. `z.json()`) into a `__shared` document, which is lifted into components here so every
 * `$ref` points at `#/components/schemas/<name>`.
 */
import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

const prefix = "#/components/schemas/";
const shared = "__shared";

/** Drops `$schema`/`$id` (meaningless inside an OpenAPI document) and points refs into `__shared` at `lifted`. */
function clean(value: unknown, lifted: string): unknown {
  if (Array.isArray(value)) return value.map((item) => clean(item, lifted));
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    out[key] =
      key === "$ref" && typeof child === "string"
        ? child.replace(`${prefix}${shared}#/$defs/`, prefix + lifted)
        : clean(child, lifted);
  }
  return out;
}

/** Components of every schema in `named`, converted as request bodies (`input`) or responses (`output`). */
export function componentSchemas(named: Readonly<Record<string, z.ZodType>>, io: "input" | "output"): JsonSchema {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    uri: (id) => prefix + id,
  });
  const { [shared]: sharedDocument, ...own } = schemas as Record<string, JsonSchema>;
  // Input and output conversions each number their shared schemas from 0: keep the two sets apart.
  const lifted = `Shared_${io}_`;
  const defs = Object.entries((sharedDocument?.$defs ?? {}) as Record<string, unknown>);
  return clean(
    { ...own, ...Object.fromEntries(defs.map(([name, def]) => [lifted + name, def])) },
    lifted,
  ) as JsonSchema;
}

/** One inline schema (query and path parameters). */
export function inlineSchema(schema: z.ZodType): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  return clean(converted, "") as JsonSchema;
}
