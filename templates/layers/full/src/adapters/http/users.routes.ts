import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { UserService } from "../../services/user.service.ts";
import { errorResponses, messageSchema, success, successSchema } from "./envelope.ts";
import { idParams, listQuery } from "./params.ts";
import { bearerSecurity } from "./require-auth.ts";
import { createRouter } from "./router.ts";
import { toUserBody, updateUserSchema, userSchema } from "./users.schemas.ts";

const common = { tags: ["users"], security: bearerSecurity };
const userResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: successSchema(userSchema) } },
});

const list = createRoute({
  ...common,
  method: "get",
  path: "/",
  summary: "List users",
  request: { query: listQuery },
  responses: {
    200: { description: "Users", content: { "application/json": { schema: successSchema(z.array(userSchema)) } } },
    ...errorResponses(400, 401),
  },
});

const get = createRoute({
  ...common,
  method: "get",
  path: "/{id}",
  summary: "Get a user",
  request: { params: idParams },
  responses: { 200: userResponse("The user"), ...errorResponses(400, 401, 404) },
});

const update = createRoute({
  ...common,
  method: "put",
  path: "/{id}",
  summary: "Change a user's e-mail (your own; an administrator: anyone's)",
  request: {
    params: idParams,
    body: { required: true, content: { "application/json": { schema: updateUserSchema } } },
  },
  responses: { 200: userResponse("The updated user"), ...errorResponses(400, 401, 403, 404, 409) },
});

const remove = createRoute({
  ...common,
  method: "delete",
  path: "/{id}",
  summary: "Delete a user (your own; an administrator: anyone's). Soft delete; revokes the user's refresh tokens",
  request: { params: idParams },
  responses: {
    200: { description: "Deleted", content: { "application/json": { schema: messageSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function userRoutes({ userService, requireAuth }: { userService: UserService; requireAuth: MiddlewareHandler }) {
  const router = createRouter();
  router.use("*", requireAuth);
  return router
    .openapi(list, async (c) => c.json(success((await userService.list(c.req.valid("query"))).map(toUserBody)), 200))
    .openapi(get, async (c) => c.json(success(toUserBody(await userService.get(c.req.valid("param").id))), 200))
    .openapi(update, async (c) => {
      const user = await userService.update(c.get("principal"), c.req.valid("param").id, c.req.valid("json"));
      return c.json(success(toUserBody(user)), 200);
    })
    .openapi(remove, async (c) => {
      const { id } = c.req.valid("param");
      await userService.delete(c.get("principal"), id);
      return c.json({ status: "success" as const, message: `User ${id} deleted` }, 200);
    });
}
