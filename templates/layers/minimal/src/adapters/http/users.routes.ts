import { createRoute, z } from "@hono/zod-openapi";
import type { UserService } from "../../services/user.service.ts";
import { errorResponses, messageSchema, success, successSchema } from "./envelope.ts";
import { idParams, listQuery } from "./params.ts";
import { createRouter } from "./router.ts";
import { toUserBody, userInputSchema, userSchema } from "./users.schemas.ts";

const common = { tags: ["users"] };
const userResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: successSchema(userSchema) } },
});
const inputBody = { required: true, content: { "application/json": { schema: userInputSchema } } };

const create = createRoute({
  ...common,
  method: "post",
  path: "/",
  summary: "Create a user",
  request: { body: inputBody },
  responses: {
    201: {
      ...userResponse("The new user"),
      headers: z.object({ Location: z.string().openapi({ example: "/api/v1/users/1" }) }),
    },
    ...errorResponses(400, 409),
  },
});

const list = createRoute({
  ...common,
  method: "get",
  path: "/",
  summary: "List users (oldest first)",
  request: { query: listQuery },
  responses: {
    200: { description: "Users", content: { "application/json": { schema: successSchema(z.array(userSchema)) } } },
    ...errorResponses(400),
  },
});

const get = createRoute({
  ...common,
  method: "get",
  path: "/{id}",
  summary: "Get a user",
  request: { params: idParams },
  responses: { 200: userResponse("The user"), ...errorResponses(400, 404) },
});

const update = createRoute({
  ...common,
  method: "put",
  path: "/{id}",
  summary: "Replace a user's e-mail and name (a missing name becomes null)",
  request: { params: idParams, body: inputBody },
  responses: { 200: userResponse("The updated user"), ...errorResponses(400, 404, 409) },
});

const remove = createRoute({
  ...common,
  method: "delete",
  path: "/{id}",
  summary: "Delete a user (soft delete: the row keeps its deletion time)",
  request: { params: idParams },
  responses: {
    200: { description: "Deleted", content: { "application/json": { schema: messageSchema } } },
    ...errorResponses(400, 404),
  },
});

/** The users resource over REST, mounted at /api/v1/users. */
export function userRoutes({ userService }: { userService: UserService }) {
  return createRouter()
    .openapi(create, async (c) => {
      const user = await userService.create(c.req.valid("json"));
      c.header("Location", `${c.req.path.replace(/\/$/, "")}/${user.id}`);
      return c.json(success(toUserBody(user)), 201);
    })
    .openapi(list, async (c) => c.json(success((await userService.list(c.req.valid("query"))).map(toUserBody)), 200))
    .openapi(get, async (c) => c.json(success(toUserBody(await userService.get(c.req.valid("param").id))), 200))
    .openapi(update, async (c) => {
      const user = await userService.update(c.req.valid("param").id, c.req.valid("json"));
      return c.json(success(toUserBody(user)), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      await userService.delete(id);
      return c.json({ status: "success" as const, message: `User ${id} deleted` }, 200);
    });
}
