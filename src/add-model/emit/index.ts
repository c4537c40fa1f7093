import type { EmitContext, Related } from "../model.ts";
import { emitDomain } from "./domain.ts";
import { emitResolvers } from "./graphql/resolvers.ts";
import { emitResolversTest } from "./graphql/resolvers-test.ts";
import { emitSdl } from "./graphql/sdl.ts";
import { emitInMemory } from "./in-memory.ts";
import { emitModule } from "./module.ts";
import { type FileKind, fileNames, folderOf } from "./paths.ts";
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

/** The paths of a model's files, all in its folder `src/<plural>/` (as the template's `src/users/`). */
export function modelPaths({ names }: Pick<EmitContext, "names">): Record<FileKind, string> {
  const paths = fileNames(names);
  for (const kind of Object.keys(paths) as FileKind[]) paths[kind] = `${folderOf(names)}/${paths[kind]}`;
  return paths;
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
    // The API in front of the service: GraphQL types and resolvers, or REST routes with their zod-openapi schemas.
    ...(graphql
      ? [
          { path: paths.sdl, contents: emitSdl(context) },
          { path: paths.resolvers, contents: emitResolvers(context) },
        ]
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
