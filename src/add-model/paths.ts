import type { ModelTemplate, Related } from "./model.ts";
import type { ModelNames } from "./names.ts";

/**
 * The files of one resource, named like the template's users (`src/users/user.ts`, `users.port.ts`,
 * `user.service.ts`, …): singular for the domain type and its service, plural for the rest.
 */
export function fileNames({ kebab, pluralKebab: plural }: ModelNames) {
  return {
    domain: `${kebab}.ts`,
    port: `${plural}.port.ts`,
    table: `${plural}.table.ts`,
    repository: `${plural}.repository.ts`,
    service: `${kebab}.service.ts`,
    schemas: `${plural}.schemas.ts`,
    routes: `${plural}.routes.ts`,
    resolvers: `${plural}.resolvers.ts`,
    sdl: `${plural}.graphql`,
    module: `${plural}.module.ts`,
    inMemory: `${plural}.in-memory.ts`,
    serviceTest: `${kebab}.service.test.ts`,
    routesTest: `${plural}.routes.test.ts`,
    resolversTest: `${plural}.graphql.test.ts`,
  };
}

export type FileKind = keyof ReturnType<typeof fileNames>;

/** A resource's folder in the project: `src/<plural>`, one per resource. */
export const folderOf = (names: ModelNames) => `src/${names.pluralKebab}`;

/** A resource's file, as imported from any other folder of `src/` (`../<plural>/<file>`). */
export const resourceFile = (names: ModelNames, kind: FileKind) => `../${names.pluralKebab}/${fileNames(names)[kind]}`;

/** A resource's file, as imported from a file of resource `from`: `./<file>` in its own folder. */
export const resourceImport = (from: ModelNames, to: ModelNames, kind: FileKind) =>
  from.pluralKebab === to.pluralKebab ? `./${fileNames(to)[kind]}` : resourceFile(to, kind);

/** From a folder of `src/`: what every resource shares, the GraphQL server's helpers, and the tests' support. */
export const PLATFORM = "../platform";
export const GRAPHQL = "../graphql";
export const TEST_SUPPORT = "../../test/support";

/** The tests' in-memory repository of `model`, from resource `from` (`full` keeps its users' with its other ports'). */
export const inMemoryImport = (from: ModelNames, model: Related, template: ModelTemplate): string =>
  model.templateUser && template === "full"
    ? `${TEST_SUPPORT}/in-memory.ts`
    : resourceImport(from, model.names, "inMemory");
