import { userRepository } from "../adapters/persistence/users.repository.ts";
import type { UserRepository } from "../ports/user-repository.ts";
import { UserService } from "../services/user.service.ts";
import { defineModule } from "./module.ts";

/**
 * Users: the repository and the service. The API in front of it (REST routes, GraphQL resolvers) is a module of its
 * own that takes `userService` from the container.
 */
export const usersModule = defineModule({
  adapters: ({ db }): { users: UserRepository } => ({ users: userRepository(db) }),
  provide: ({ adapters: { users } }) => ({ userService: new UserService({ users }) }),
});
