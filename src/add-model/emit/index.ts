import type { EmitContext, Related } from "../model.ts";
import { emitDomain } from "./domain.ts";
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

/** The paths of a model's files, the same kinds as the template's own users resource. */
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
  };
}

/** Every file of one model, from its context (pure). */
export function emitModelFiles(context: EmitContext, all: Related[]): EmittedFile[] {
  const paths = modelPaths(context);
  return [
    { path: paths.domain, contents: emitDomain(context) },
    { path: paths.port, contents: emitPort(context) },
    { path: paths.table, contents: emitTable(context) },
    { path: paths.repository, contents: emitRepository(context) },
    { path: paths.service, contents: emitService(context) },
    { path: paths.schemas, contents: emitSchemas(context) },
    { path: paths.routes, contents: emitRoutes(context) },
    { path: paths.module, contents: emitModule(context) },
    { path: paths.inMemory, contents: emitInMemory(context) },
    { path: paths.serviceTest, contents: emitServiceTest(context) },
    { path: paths.routesTest, contents: emitRoutesTest(context, all) },
  ];
}
