import { defineModule } from "../platform/module.ts";
import { UserService } from "./user.service.ts";
import type { UserRepository } from "./users.port.ts";
import { userRepository } from "./users.repository.ts";

/**
 * Users: the repository and the service. The API in front of it (REST routes, GraphQL resolvers) is a module of its
 * own that takes `userService` from the container.
 */
export const usersModule = defineModule({
  adapters: ({ db }): { users: UserRepository } => ({ users: userRepository(db) }),
  provide: ({ adapters: { users } }) => ({ userService: new UserService({ users }) }),
});
