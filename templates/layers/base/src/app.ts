import { requestId } from "hono/request-id";
import { healthRoutes } from "./adapters/http/health.routes.ts";
import { bodyLimit } from "./adapters/http/middleware/body-limit.ts";
import { errorHandler } from "./adapters/http/middleware/error-handler.ts";
import { notFoundHandler } from "./adapters/http/middleware/not-found.ts";
import { requestLogger } from "./adapters/http/middleware/request-logger.ts";
import { securityHeaders } from "./adapters/http/middleware/security-headers.ts";
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
  for (const handler of moduleMiddleware(appModules, container)) app.use(handler);
  // The caller's X-Request-Id when it is at most 255 word characters, `-` or `=`, else a new UUID; sent back on
  // every answer and logged with the request.
  app.use(requestId(), requestLogger(logger));
  app.onError(errorHandler(logger, exposeErrors));
  // Probes come before the security headers and the body limit: orchestrators call them, not browsers, with no body.
  app.route("/health", healthRoutes({ service, pingDatabase }));
  app.use(...securityHeaders(), bodyLimit(bodyLimitBytes));
  for (const { path, router } of moduleRoutes(appModules, container)) app.route(path, router);
  mountModules(app, appModules);
  app.notFound(notFoundHandler(app.routes));
  return app;
}
