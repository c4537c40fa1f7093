import { requestId } from "hono/request-id";
import type { Container } from "./container.ts";
import { modules } from "./modules.ts";
import { defaultBodyLimitBytes } from "./platform/config.ts";
import { healthRoutes } from "./platform/http/health.routes.ts";
import { bodyLimit } from "./platform/http/middleware/body-limit.ts";
import { errorHandler } from "./platform/http/middleware/error-handler.ts";
import { notFoundHandler } from "./platform/http/middleware/not-found.ts";
import { requestLogger } from "./platform/http/middleware/request-logger.ts";
import { securityHeaders } from "./platform/http/middleware/security-headers.ts";
import { createRouter } from "./platform/http/router.ts";
import type { Logger } from "./platform/logger.ts";
import { type AnyModule, moduleMiddleware, moduleRoutes, mountModules } from "./platform/module.ts";

export interface AppDependencies {
  container: Container;
  logger: Logger;
  service: string;
  /** Show stack traces in 500 answers (development only). */
  exposeErrors: boolean;
  pingDatabase: () => Promise<void>;
  /** Aborted when the service begins to shut down: readiness then answers 503 (src/platform/shutdown.ts). */
  draining?: AbortSignal;
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
  draining,
  bodyLimitBytes = defaultBodyLimitBytes,
  modules: appModules = modules,
}: AppDependencies) {
  const app = createRouter();
  for (const handler of moduleMiddleware(appModules, container)) app.use(handler);
  // The caller's X-Request-Id when it is at most 255 word characters, `-` or `=`, else a new UUID; sent back on
  // every answer and logged with the request.
  app.use(requestId(), requestLogger(logger));
  app.onError(errorHandler(logger, exposeErrors));
  // Probes come before the security headers and the body limit: orchestrators call them, not browsers, with no body.
  app.route("/health", healthRoutes({ service, pingDatabase, draining }));
  app.use(...securityHeaders(), bodyLimit(bodyLimitBytes));
  for (const { path, router } of moduleRoutes(appModules, container)) app.route(path, router);
  mountModules(app, appModules);
  app.notFound(notFoundHandler(app.routes));
  return app;
}
