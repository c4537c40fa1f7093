import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.ts";
import { errorBody } from "./envelope.ts";

/** Every router of the app: zod validation failures become one 400 shape with `{ path, message }` details. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const details = result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      return c.json(errorBody("VALIDATION_ERROR", "Invalid request", details), 400);
    },
  });
}
