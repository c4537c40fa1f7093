import { userRoutes } from "../adapters/http/users.routes.ts";
import type { UserService } from "../services/user.service.ts";
import { defineModule } from "./module.ts";

/** The REST API of the users (the service comes from `usersModule`): /api/v1/users, no authentication. */
export const usersHttpModule = defineModule({
  provide: () => ({}),
  routes: (container: { userService: UserService }) => [{ path: "/api/v1/users", router: userRoutes(container) }],
});
