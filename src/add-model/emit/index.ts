import type { EmitContext, Related } from "../model.ts";
import { emitDomain } from "./domain.ts";
import { emitResolvers } from "./graphql/resolvers.ts";
import { emitResolversTest } from "./graphql/resolvers-test.ts";
import { emitInMemory } from "./in-memory.ts";
import { emitModule } from "./module.ts";
import { emitPort } from "./port.ts";
import { emitRepository } from "./repository.ts";
import { emitRoutes } from "./routes.ts";
import { emitRoutesTest } from "./routes-test.ts";
import { emitSchemas } from "./schemas.ts";
import { emitService } from "./service.ts";
import { emitServiceTest } from "./service-test.ts";
import { emitTable } from "./table.ts";

export interface EmittedFile {
  path: string;
  contents: string;
}

/** The paths of a model's files, the same kinds as the template's own users resource (REST or GraphQL). */
export function modelPaths({ names }: Pick<EmitContext, "names">) {
  return {
    domain: `src/domain/${names.kebab}.ts`,
    port: `src/ports/${names.kebab}-repository.ts`,
    table: `src/adapters/persistence/${names.pluralKebab}.table.ts`,
    repository: `src/adapters/persistence/${names.pluralKebab}.repository.ts`,
    service: `src/services/${names.kebab}.service.ts`,
    schemas: `src/adapters/http/${names.pluralKebab}.schemas.ts`,
    routes: `src/adapters/http/${names.pluralKebab}.routes.ts`,
    module: `src/modules/${names.pluralKebab}.module.ts`,
    inMemory: `test/support/in-memory-${names.pluralKebab}.ts`,
    serviceTest: `test/services/${names.kebab}.service.test.ts`,
    routesTest: `test/adapters/http/${names.pluralKebab}.routes.test.ts`,
    resolvers: `src/adapters/graphql/${names.pluralKebab}.resolvers.ts`,
    resolversTest: `test/adapters/graphql/${names.pluralKebab}.graphql.test.ts`,
  };
}

/** Every file of one model, from its context (pure). */
export function emitModelFiles(context: EmitContext, all: Related[]): EmittedFile[] {
  const paths = modelPaths(context);
  const graphql = context.template === "graphql";
  return [
    { path: paths.domain, contents: emitDomain(context) },
    { path: paths.port, contents: emitPort(context) },
    { path: paths.table, contents: emitTable(context) },
    { path: paths.repository, contents: emitRepository(context) },
    { path: paths.service, contents: emitService(context) },
    // The API in front of the service: GraphQL resolvers, or REST routes with their zod-openapi schemas.
    ...(graphql
      ? [{ path: paths.resolvers, contents: emitResolvers(context) }]
      : [
          { path: paths.schemas, contents: emitSchemas(context) },
          { path: paths.routes, contents: emitRoutes(context) },
        ]),
    { path: paths.module, contents: emitModule(context) },
    { path: paths.inMemory, contents: emitInMemory(context) },
    { path: paths.serviceTest, contents: emitServiceTest(context) },
    graphql
      ? { path: paths.resolversTest, contents: emitResolversTest(context) }
      : { path: paths.routesTest, contents: emitRoutesTest(context, all) },
  ];
}
