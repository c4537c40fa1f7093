/** Placeholder until the OpenAPI module lands (owned by the OpenAPI engineer, who replaces this file). */
import { Hono } from "hono";
import type { ResourceModel } from "../model.ts";
import type { PagingOptions } from "../types.ts";

export interface OpenApiOptions {
  readonly basePath: string;
  readonly paging: Required<PagingOptions>;
}

export function openApiRoutes(_models: readonly ResourceModel[], _options: OpenApiOptions): Hono {
  return new Hono();
}
