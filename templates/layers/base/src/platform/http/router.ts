import { OpenAPIHono, type z } from "@hono/zod-openapi";
import type { AppEnv } from "./app-env.ts";
import { errorBody } from "./envelope.ts";

/** One `{ path, message }` per problem; an unknown key (strict bodies refuse them) is named by its own path. */
const issueDetails = (issue: z.core.$ZodIssue) =>
  issue.code === "unrecognized_keys"
    ? issue.keys.map((key) => ({ path: [...issue.path, key].join("."), message: `Unknown key "${key}"` }))
    : [{ path: issue.path.join("."), message: issue.message }];

/** Every router of the app: zod validation failures become one 400 shape with `{ path, message }` details. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const details = result.error.issues.flatMap(issueDetails);
      return c.json(errorBody("VALIDATION_ERROR", "Invalid request", details), 400);
    },
  });
}
