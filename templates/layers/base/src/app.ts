import { healthRoutes } from "./adapters/http/health.routes.ts";
import { bodyLimit } from "./adapters/http/middleware/body-limit.ts";
import { errorHandler } from "./adapters/http/middleware/error-handler.ts";
import { notFoundHandler } from "./adapters/http/middleware/not-found.ts";
import { requestLogger } from "./adapters/http/middleware/request-logger.ts";
import { securityHeaders } from "./adapters/http/middleware/security-headers.ts";
import { answerProbesFirst } from "./adapters/http/probe-shortcut.ts";
import { requestLog } from "./adapters/http/request-log.ts";
import { createRouter } from "./adapters/http/router.ts";
import { defaultBodyLimitBytes } from "./infrastructure/config.ts";
import type { Logger } from "./infrastructure/logger.ts";
import type { Container } from "./modules/container.ts";
import { modules } from "./modules/index.ts";
import { type AnyModule, moduleMiddleware, moduleRoutes, mountModules } from "./modules/module.ts";

export interface AppDependencies {
  container: Container;
  logger: Logger;
  service: string;
  /** Show stack traces in 500 answers (development only). */
  exposeErrors: boolean;
  pingDatabase: () => Promise<void>;
  /** Larger request bodies are answered 413 (BODY_LIMIT_BYTES). */
  bodyLimitBytes?: number;
  /** The service's modules (tests may pass others). */
  modules?: readonly AnyModule[];
}

/** The whole HTTP app, without a socket: `main.ts` serves it, tests call `app.request()`. */
export function createApp({
  container,
  logger,
  service,
  exposeErrors,
  pingDatabase,
  bodyLimitBytes = defaultBodyLimitBytes,
  modules: appModules = modules,
}: AppDependencies) {
  const app = createRouter();
  const onError = errorHandler(logger, exposeErrors);
  const middleware = moduleMiddleware(appModules, container);
  for (const handler of middleware) app.use(handler);
  app.use(requestLogger(logger));
  app.onError(onError);
  // Health answers come before the middleware below, which they do not need (probes send no body and get no
  // secrets): a header besides the content type takes a plain 200 off the fast paths of Deno.serve and
  // @hono/node-server. Hono runs handlers in the order they are added, and a health answer ends the chain.
  const health = healthRoutes({ service, pingDatabase });
  app.route("/health", health);
  app.use(securityHeaders());
  app.use(bodyLimit(bodyLimitBytes));
  for (const { path, router } of moduleRoutes(appModules, container)) app.route(path, router);
  mountModules(app, appModules);
  app.notFound(notFoundHandler(app.routes));
  // When no module puts middleware in front of every route (metrics and tracing must see the probes), the probes
  // skip the app's middleware chain altogether (probe-shortcut.ts).
  if (middleware.length === 0) {
    const probes = createRouter().route("/health", health);
    probes.onError(onError);
    answerProbesFirst(app, { routes: probes, alive: ["/health", "/health/liveness"] }, requestLog(logger));
  }
  return app;
}
