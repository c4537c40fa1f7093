import type { Handler } from "hono";
import type { Registry } from "prom-client";
import { errorBody } from "../../platform/http/envelope.ts";
import { createRouter } from "../../platform/http/router.ts";

const encoder = new TextEncoder();

/** Compares in time independent of where the strings differ, so a token cannot be guessed byte by byte. */
function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [encoder.encode(given), encoder.encode(expected)];
  let difference = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) difference |= (a[i] ?? 0) ^ (b[i] as number);
  return difference === 0;
}

/** The registry in the Prometheus text format; with a token, only for `Authorization: Bearer <token>`. */
export function metricsHandler(registry: Registry, token: string | undefined): Handler {
  return async (c) => {
    if (token !== undefined) {
      const given = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1] ?? "";
      if (!sameSecret(given, token)) {
        return c.json(errorBody("UNAUTHORIZED", "GET /metrics needs Authorization: Bearer <METRICS_TOKEN>"), 401);
      }
    }
    return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
  };
}

/** `GET /metrics` on the service's port: not in the OpenAPI document, which describes the API. */
export function metricsRoutes(registry: Registry, token: string | undefined) {
  const router = createRouter();
  router.get("/", metricsHandler(registry, token));
  return router;
}
