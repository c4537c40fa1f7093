import { createRoute, z } from "@hono/zod-openapi";
import { idParams, listQuery, noQuery } from "./params.ts";
import { errorResponses, messageSchema, successSchema } from "./rest-envelope.ts";

type ErrorStatus = Parameters<typeof errorResponses>[number];

/** How one resource is documented: its tag and names, its JSON shape, and the login its routes need (if any). */
export interface ResourceDocs<Item extends z.ZodType> {
  tag: string;
  /** "user": used in the responses' descriptions ("The new user"). */
  noun: string;
  /**
   * `{ one: "User", many: "Users" }`: the operations' ids (`listUsers`, `getUser`, `createUser`, `replaceUser`,
   * `deleteUser`), which client generators name their functions after.
   */
  names: { one: string; many: string };
  item: Item;
  /** The OpenAPI security requirement (`[{ <scheme name>: [] }]`); its routes then also answer 401. */
  security?: Array<Record<string, string[]>>;
  /** Who may write where not every signed-in user may (the routes that answer 403): "its user or an administrator". */
  writers?: string;
  /** The resource has a unique field: create and replace then also answer 409 (a taken value). */
  conflicts?: boolean;
}

/**
 * What a request body's schema must be: a strict object (`z.strictObject`), so an unknown key, a typo or a field the
 * client may not set (`id`, the timestamps) is a 400 naming it, and the document says `additionalProperties: false`.
 * A stripping object would drop such a key silently, and under PUT's replace semantics a misspelt field becomes null.
 */
export type BodySchema = z.ZodObject<z.core.$ZodShape, z.core.$strict>;

/** A required JSON request body. */
export const jsonBody = <Body extends BodySchema>(schema: Body) => ({
  required: true,
  content: { "application/json": { schema } },
});

/** The answers of every route with a body besides its own: invalid, too large (BODY_LIMIT_BYTES), not JSON. */
export const bodyErrors = errorResponses(400, 413, 415);

/**
 * The routes every REST resource has (create, list, get, replace, delete), documented alike in every template: the
 * success envelope, `Location` on create, and each error answer a route can give. The handlers stay with the resource;
 * `errors` adds the answers only it gives (e.g. 403 where only the owner may change a row).
 */
export function resourceRoutes<Item extends z.ZodType>(docs: ResourceDocs<Item>) {
  const { tag, noun, names, item, security } = docs;
  // An empty `security` says the operation is public (rather than leaving the reader to guess).
  const common = { tags: [tag], security: security ?? [] };
  const login: ErrorStatus[] = security ? [401] : [];
  /** What the operation does, then who may call it: a 403 among its errors means only `writers`. */
  const described = (what: string, errors: ErrorStatus[] = []) => {
    const who = !security
      ? "Anyone may call it."
      : errors.includes(403)
        ? `Needs an access token: ${docs.writers ?? "an administrator"} (403 for anyone else).`
        : "Needs an access token (any signed-in user).";
    return `${what} ${who}`;
  };
  const taken: ErrorStatus[] = docs.conflicts ? [409] : [];
  const one = (description: string) => ({
    description,
    content: { "application/json": { schema: successSchema(item) } },
  });

  return {
    create: <Body extends BodySchema>(summary: string, body: Body, errors: ErrorStatus[] = []) =>
      createRoute({
        ...common,
        method: "post",
        path: "/",
        operationId: `create${names.one}`,
        summary,
        description: described(`Stores a new ${noun} and answers it, with its URL in \`Location\`.`, errors),
        request: { query: noQuery, body: jsonBody(body) },
        responses: {
          201: {
            ...one(`The new ${noun}`),
            headers: z.object({ Location: z.string().openapi({ example: `/api/v1/${tag}/1` }) }),
          },
          ...bodyErrors,
          ...errorResponses(...login, ...errors, ...taken),
        },
      }),

    list: (summary: string) =>
      createRoute({
        ...common,
        method: "get",
        path: "/",
        operationId: `list${names.many}`,
        summary,
        description: described(`Answers a page of ${tag}: the live ones, oldest first (\`limit\`, \`offset\`).`),
        request: { query: listQuery },
        responses: {
          200: {
            description: `A page of ${tag}`,
            content: { "application/json": { schema: successSchema(z.array(item)) } },
          },
          ...errorResponses(400, ...login),
        },
      }),

    get: (summary: string) =>
      createRoute({
        ...common,
        method: "get",
        path: "/{id}",
        operationId: `get${names.one}`,
        summary,
        description: described(`Answers the ${noun} with this id (404 once it is deleted).`),
        request: { params: idParams, query: noQuery },
        responses: { 200: one(`The ${noun}`), ...errorResponses(400, ...login, 404) },
      }),

    update: <Body extends BodySchema>(summary: string, body: Body, errors: ErrorStatus[] = []) =>
      createRoute({
        ...common,
        method: "put",
        path: "/{id}",
        // PUT replaces every field (one left out becomes null): the id says so.
        operationId: `replace${names.one}`,
        summary,
        description: described(`Replaces every field of the ${noun} with the body's and answers the result.`, errors),
        request: { params: idParams, query: noQuery, body: jsonBody(body) },
        responses: {
          200: one(`The updated ${noun}`),
          ...bodyErrors,
          ...errorResponses(...login, ...errors, 404, ...taken),
        },
      }),

    remove: (summary: string, errors: ErrorStatus[] = []) =>
      createRoute({
        ...common,
        method: "delete",
        path: "/{id}",
        operationId: `delete${names.one}`,
        summary,
        description: described(
          `Deletes the ${noun}: the row is kept with its deletion time, no route shows it again.`,
          errors,
        ),
        request: { params: idParams, query: noQuery },
        responses: {
          200: { description: "Deleted", content: { "application/json": { schema: messageSchema } } },
          ...errorResponses(400, ...login, ...errors, 404),
        },
      }),
  };
}
