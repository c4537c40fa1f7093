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
    contractTest: `${plural}.graphql-contract.test.ts`,
    testData: `${plural}.test-data.ts`,
  };
}

export type FileKind = keyof ReturnType<typeof fileNames>;

/** A resource's folder in the project: `src/<plural>`, one per resource. */
export const folderOf = (names: ModelNames) => `src/${names.pluralKebab}`;
