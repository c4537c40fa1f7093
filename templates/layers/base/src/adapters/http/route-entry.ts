import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Container } from "../../modules/index.ts";
import type { AppEnv } from "./app-env.ts";

/** One row of the route table: where a resource's router is mounted and how it is built from the container. */
export interface RouteEntry {
  path: string;
  routes: (container: Container) => OpenAPIHono<AppEnv>;
}
