import { resourceRoutes } from "../platform/http/resource-routes.ts";
import { success } from "../platform/http/rest-envelope.ts";
import { createRouter } from "../platform/http/router.ts";
import type { UserService } from "./user.service.ts";
import { toUserBody, userInputSchema, userSchema } from "./users.schemas.ts";

const routes = resourceRoutes({ tag: "users", noun: "user", item: userSchema });
const create = routes.create("Create a user", userInputSchema);
const list = routes.list("List users (oldest first)");
const get = routes.get("Get a user");
const update = routes.update("Replace a user's e-mail and name (a missing name becomes null)", userInputSchema);
const remove = routes.remove("Delete a user (soft delete: the row keeps its deletion time)");

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
