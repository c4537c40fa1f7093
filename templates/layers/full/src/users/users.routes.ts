import type { MiddlewareHandler } from "hono";
import { bearerSecurity } from "../auth/require-auth.ts";
import { resourceRoutes } from "../platform/http/resource-routes.ts";
import { success } from "../platform/http/rest-envelope.ts";
import { createRouter } from "../platform/http/router.ts";
import type { UserService } from "./user.service.ts";
import { toUserBody, updateUserSchema, userSchema } from "./users.schemas.ts";

// Users are created by registering (auth.routes.ts); these routes need a login.
const routes = resourceRoutes({ tag: "users", noun: "user", item: userSchema, security: bearerSecurity });
const list = routes.list("List users");
const get = routes.get("Get a user");
const update = routes.update("Change a user's e-mail (your own; an administrator: anyone's)", updateUserSchema, [403]);
const remove = routes.remove(
  "Delete a user (your own; an administrator: anyone's). Soft delete; revokes the user's refresh tokens",
  [403],
);

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
