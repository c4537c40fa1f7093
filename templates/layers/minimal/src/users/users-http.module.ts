import { defineModule } from "../platform/module.ts";
import type { UserService } from "./user.service.ts";
import { userRoutes } from "./users.routes.ts";

/** The REST API of the users (the service comes from `usersModule`): /api/v1/users, no authentication. */
export const usersHttpModule = defineModule({
  provide: () => ({}),
  routes: (container: { userService: UserService }) => [{ path: "/api/v1/users", router: userRoutes(container) }],
});
