/**
 * `crudGraphql(options)`: the same resources, `db` and `auth` as `crud()`, served as GraphQL by graphql-yoga inside a
 * Hono app (default `/graphql`, GraphiQL at `/graphiql`), plus the schema and its SDL.
 */
import type { GraphQLSchema } from "graphql";
import { printSchema } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import { type Context, Hono } from "hono";
import { defaultPaging } from "../crud.ts";
import { errorResponse, HttpError, reportToConsole } from "../errors.ts";
import { buildModels, normalizePath } from "../model.ts";
import { type CrudSettings, resourceState, selectionCache } from "../state.ts";
import type { CrudOptions } from "../types.ts";
import { bodyLimitPlugin } from "./body-limit.ts";
import type { GraphqlContext } from "./context.ts";
import { graphiqlHandler } from "./graphiql.ts";
import { jitPlugin } from "./jit.ts";
import { defaultLimits, type GraphqlLimits, limitsRule } from "./limits.ts";
import { RelationLoaders } from "./loaders.ts";
import { graphqlNames } from "./names.ts";
import type { Resource } from "./object-types.ts";
import { generateSchema } from "./schema.ts";

export interface CrudGraphqlOptions extends CrudOptions {
  /** Path of the GraphQL endpoint (default `/graphql`). */
  readonly path?: string;
  /** Path of GraphiQL (default `/graphiql`), or false for none. */
  readonly graphiql?: string | false;
  readonly limits?: GraphqlLimits;
}

export interface CrudGraphql {
  /** Mount on the host app: `app.route("/", graphql.app)`. */
  readonly app: Hono;
  readonly schema: GraphQLSchema;
  /** The schema in SDL, for the host to print or store. */
  readonly sdl: string;
}

/** Browsers send forms and text/plain cross-site without a preflight: POST must be JSON, as in the REST layer. */
const jsonType = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

function unique(resources: readonly Resource[]): void {
  const seen = new Map<string, string>();
  for (const { state, names } of resources) {
    for (const name of [names.type, names.one, names.many]) {
      const other = seen.get(name);
      if (other) throw new Error(`resource '${state.model.name}': GraphQL name '${name}' is also used by '${other}'`);
      seen.set(name, state.model.name);
    }
  }
}

/**
 * yoga's answer as the runtime's own Response with a string body: on Node, yoga answers with @whatwg-node's Response,
 * which @hono/node-server can only stream (a web stream over a Node stream, several writes), while a string body is
 * written at once.
 */
async function runtimeResponse(response: Response): Promise<Response> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return new Response(response.body ? await response.text() : null, { status: response.status, headers });
}

export function crudGraphql(options: CrudGraphqlOptions): CrudGraphql {
  const paging = { ...defaultPaging, ...options.paging };
  const models = buildModels(options.resources, {
    basePath: normalizePath(options.basePath ?? "/api"),
    paging,
    deleteResponse: options.deleteResponse ?? "NO_CONTENT",
    auth: options.auth,
  });
  const settings: CrudSettings = {
    db: options.db,
    auth: options.auth,
    paging,
    onError: options.onError ?? reportToConsole,
  };
  const selections = selectionCache();
  const resources = models.map((model) => ({
    state: resourceState(model, settings, selections),
    names: graphqlNames(model),
  }));
  unique(resources);
  const schema = generateSchema(resources);
  const sdl = printSchema(schema);
  const app = new Hono();
  if (options.enabled === false) return { app, schema, sdl };
  const path = normalizePath(options.path ?? "/graphql") || "/graphql";
  const rule = limitsRule({ ...defaultLimits, ...options.limits });
  const limitsPlugin: Plugin = { onValidate: ({ addValidationRule }) => addValidationRule(rule) };
  const yoga = createYoga<{ hono: Context }, Omit<GraphqlContext, "hono">>({
    schema,
    graphqlEndpoint: path,
    graphiql: false,
    landingPage: false,
    cors: false,
    logging: false,
    // bodyLimitPlugin: the same limit, counted only for bodies without a Content-Length.
    maxRequestBodySize: false,
    context: () => ({ loaders: new RelationLoaders(settings.db, selections) }),
    plugins: [limitsPlugin, jitPlugin(), bodyLimitPlugin()],
  });
  app.on(["GET", "POST"], path, async (c) => {
    if (c.req.method === "POST" && !jsonType.test(c.req.header("content-type") ?? "")) {
      return errorResponse(c, new HttpError(415, "Content-Type must be application/json"));
    }
    return runtimeResponse(await yoga.handleRequest(c.req.raw, { hono: c }));
  });
  if (options.graphiql !== false) {
    const graphiqlPath = normalizePath(options.graphiql ?? "/graphiql") || "/graphiql";
    app.get(graphiqlPath, graphiqlHandler(graphiqlPath, path));
  }
  return { app, schema, sdl };
}
