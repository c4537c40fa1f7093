import { type ApiInfo, mountApiDocs } from "./adapters/http/apidocs.ts";
import { healthRoutes } from "./adapters/http/health.routes.ts";
import { errorHandler, notFoundHandler } from "./adapters/http/middleware/error-handler.ts";
import { requestLogger } from "./adapters/http/middleware/request-logger.ts";
import { createRouter } from "./adapters/http/router.ts";
import { routeTable } from "./adapters/http/routes.ts";
import type { Logger } from "./infrastructure/logger.ts";
import { packageInfo } from "./infrastructure/package-info.ts";
import type { Container } from "./modules/index.ts";

export interface AppDependencies {
  container: Container;
  logger: Logger;
  service: string;
  /** Show stack traces in 500 answers (development only). */
  exposeErrors: boolean;
  pingDatabase: () => Promise<void>;
}

export const apiInfo: ApiInfo = { title: packageInfo.name, version: packageInfo.version };

/** The whole HTTP app, without a socket: `main.ts` serves it, tests call `app.request()`. */
export function createApp({ container, logger, service, exposeErrors, pingDatabase }: AppDependencies) {
  const app = createRouter();
  app.use(requestLogger(logger));
  app.onError(errorHandler(logger, exposeErrors));
  app.notFound(notFoundHandler);
  app.route("/health", healthRoutes({ service, pingDatabase }));
  for (const { path, routes } of routeTable) app.route(path, routes(container));
  mountApiDocs(app, apiInfo);
  return app;
}
