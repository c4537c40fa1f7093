import { createRoute, z } from "@hono/zod-openapi";
import { afterLoopCatchesUp } from "../loop-timer.ts";
import { errorSchema } from "./envelope.ts";
import { createRouter } from "./router.ts";

export interface HealthOptions {
  service: string;
  /**
   * Resolves when the database answers; readiness fails when it rejects or takes longer than `timeoutMs`. It asks on
   * a connection of its own, so a busy pool does not make a healthy instance look down.
   */
  pingDatabase: () => Promise<void>;
  timeoutMs?: number;
  /** Aborted when the service begins to shut down: readiness then answers 503 without asking the database. */
  draining?: AbortSignal;
}

/** What `/health` and `/health/liveness` answer: the process answers; nothing else is checked. */
const ALIVE = { status: "ok" } as const;

const okSchema = z.object({ status: z.literal("ok") });
const readinessSchema = z
  .object({
    status: z.enum(["ready", "not_ready"]),
    service: z.string(),
    timestamp: z.string(),
    checks: z
      .object({ database: z.enum(["ok", "error"]) })
      .optional()
      .openapi({ description: "Absent while the service shuts down: the database is not asked then" }),
    reason: z
      .enum(["database_unavailable", "shutting_down"])
      .optional()
      .openapi({ description: "Why the service is not ready" }),
    error: z.string().optional(),
  })
  .openapi("Readiness");

// Public (`security: []`): orchestrators and load balancers call them without a token. Like every route, they take
// no query parameter they do not know: `?verbose` is a 400, not silently ignored.
const probe = { method: "get" as const, tags: ["health"], security: [], request: { query: z.strictObject({}) } };
const unknownQuery = {
  400: {
    description: "A query parameter was given (VALIDATION_ERROR)",
    content: { "application/json": { schema: errorSchema } },
  },
};
const health = createRoute({
  ...probe,
  path: "/",
  operationId: "getHealth",
  summary: "Health",
  description: "Answers 200 while the process runs; checks nothing else (the database neither). Anyone may call it.",
  responses: {
    200: { description: "The service runs", content: { "application/json": { schema: okSchema } } },
    ...unknownQuery,
  },
});
const liveness = createRoute({
  ...health,
  path: "/liveness",
  operationId: "getLiveness",
  summary: "Liveness probe",
  description:
    "For a liveness probe: answers 200 while the process runs, so only a hung process is restarted. Anyone may call it.",
});
const readiness = createRoute({
  ...probe,
  path: "/readiness",
  operationId: "getReadiness",
  summary: "Readiness probe (pings the database)",
  description:
    "For a readiness probe: 200 when the database answers in time, else 503 with the reason; 503 too from the " +
    "moment the service begins to shut down. Anyone may call it.",
  responses: {
    200: { description: "Ready", content: { "application/json": { schema: readinessSchema } } },
    ...unknownQuery,
    503: {
      description: "The database does not answer, or the service is shutting down",
      content: { "application/json": { schema: readinessSchema } },
    },
  },
});

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let stop = () => {};
  const timeout = new Promise<never>((_, reject) => {
    stop = afterLoopCatchesUp(ms, () => reject(new Error(`database did not answer within ${ms} ms`)));
  });
  return Promise.race([promise, timeout]).finally(stop);
}

export function healthRoutes({ service, pingDatabase, timeoutMs = 2_000, draining }: HealthOptions) {
  return createRouter()
    .openapi(health, (c) => c.json(ALIVE, 200))
    .openapi(liveness, (c) => c.json(ALIVE, 200))
    .openapi(readiness, async (c) => {
      const timestamp = new Date().toISOString();
      if (draining?.aborted) {
        return c.json({ status: "not_ready" as const, service, timestamp, reason: "shutting_down" as const }, 503);
      }
      try {
        await withTimeout(pingDatabase(), timeoutMs);
        return c.json({ status: "ready" as const, service, timestamp, checks: { database: "ok" as const } }, 200);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const body = { status: "not_ready" as const, service, timestamp, checks: { database: "error" as const } };
        return c.json({ ...body, reason: "database_unavailable" as const, error: message }, 503);
      }
    });
}
