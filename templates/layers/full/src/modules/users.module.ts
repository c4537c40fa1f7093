import { DrizzleRefreshTokenRepository } from "../adapters/persistence/refresh-tokens.repository.ts";
import { DrizzleUserRepository } from "../adapters/persistence/users.repository.ts";
import { UserService } from "../services/user.service.ts";
import type { ModuleContext } from "./module.ts";

export function usersModule({ db }: ModuleContext) {
  const userService = new UserService({
    users: new DrizzleUserRepository(db),
    refreshTokens: new DrizzleRefreshTokenRepository(db),
  });
  return { userService };
}
