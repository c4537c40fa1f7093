import type { EmitContext } from "../model.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceImport } from "./paths.ts";

/** `src/<plural>/<plural>.module.ts`: repository -> service (-> REST routes), listed in src/modules.ts. */
export function emitModule(context: EmitContext): string {
  const { record, names, parents, children, template } = context;
  const graphql = template === "graphql";
  const P = names.pascal;
  const c = names.camel;
  const protectedRoutes = template === "full" && !record.public;
  const repositories = [context, ...parents, ...children].filter(
    (model, i, all) => all.findIndex((other) => other.names.pascal === model.names.pascal) === i,
  );
  const adapterType = repositories.map((model) => `${model.names.pluralCamel}: ${model.names.pascal}Repository`);
  const adapterValues = repositories.map((model) => `${model.names.pluralCamel}: ${model.names.camel}Repository(db)`);
  const nestedRouters = parents.map((parent) => ({
    path: `/api/v1/${parent.names.pluralKebab}`,
    router: `${parent.names.camel}${names.pluralPascal}Routes`,
  }));
  const container = protectedRoutes
    ? `{ ${c}Service: ${P}Service; requireAuth: MiddlewareHandler }`
    : `{ ${c}Service: ${P}Service }`;
  const entries = [
    `{ path: "/api/v1/${names.pluralKebab}", router: ${c}Routes(container) }`,
    ...nestedRouters.map((nested) => `{ path: "${nested.path}", router: ${nested.router}(container) }`),
  ];
  const routesLine = `  routes: (container: ${container}) => [${entries.join(", ")}],`;
  const routes = graphql
    ? []
    : routesLine.length <= 120
      ? [routesLine]
      : [`  routes: (container: ${container}) => [`, ...entries.map((entry) => `    ${entry},`), "  ],"];
  const adapterLine = `  adapters: ({ db }): { ${adapterType.join("; ")} } => ({ ${adapterValues.join(", ")} }),`;
  const adapters =
    adapterLine.length <= 120
      ? [adapterLine]
      : [
          `  adapters: ({ db }): { ${adapterType.join("; ")} } => ({`,
          ...adapterValues.map((value) => `    ${value},`),
          "  }),",
        ];
  const access =
    template === "minimal" ? ", no authentication" : protectedRoutes ? ", behind the access token" : ", public";
  return [
    ...importLines([
      ...(protectedRoutes ? [{ from: "hono", names: ["MiddlewareHandler"], typeOnly: true }] : []),
      ...(graphql
        ? []
        : [
            {
              from: resourceImport(names, names, "routes"),
              names: [`${c}Routes`, ...nestedRouters.map((nested) => nested.router)],
            },
          ]),
      ...repositories.map((model) => ({
        from: resourceImport(names, model.names, "repository"),
        names: [`${model.names.camel}Repository`],
      })),
      ...repositories.map((model) => ({
        from: resourceImport(names, model.names, "port"),
        names: [`${model.names.pascal}Repository`],
        typeOnly: true,
      })),
      { from: `${PLATFORM}/module.ts`, names: ["defineModule"] },
      { from: resourceImport(names, names, "service"), names: [`${P}Service`] },
    ]),
    "",
    graphql
      ? `/** ${names.pluralPascal} (added by \`scaffold add-model\`): repository and service, which the GraphQL resolvers take from the container. */`
      : `/** ${names.pluralPascal} (added by \`scaffold add-model\`): repository, service and REST routes at /api/v1/${names.pluralKebab}${access}. */`,
    `export const ${names.pluralCamel}Module = defineModule({`,
    ...adapters,
    `  provide: ({ adapters }) => ({ ${c}Service: new ${P}Service(adapters) }),`,
    ...routes,
    "});",
    "",
  ].join("\n");
}
