import { notFound } from "../domain/errors.ts";
import type { User } from "../domain/user.ts";
import type { RefreshTokenRepository } from "../ports/refresh-token-repository.ts";
import type { UserRepository } from "../ports/user-repository.ts";

export interface UserServiceDependencies {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  clock?: () => Date;
}

const userNotFound = (id: number) => notFound(`User ${id} not found`);

export class UserService {
  readonly #deps: UserServiceDependencies;
  readonly #clock: () => Date;

  constructor(deps: UserServiceDependencies) {
    this.#deps = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  list(page: { limit: number; offset: number }): Promise<User[]> {
    return this.#deps.users.list(page);
  }

  async get(id: number): Promise<User> {
    const user = await this.#deps.users.findById(id);
    if (!user) throw userNotFound(id);
    return user;
  }

  async update(id: number, changes: { email: string }): Promise<User> {
    const user = await this.#deps.users.update(id, changes, this.#clock());
    if (!user) throw userNotFound(id);
    return user;
  }

  /** Soft delete: the row keeps its deletion time; the user's refresh tokens are revoked. */
  async delete(id: number): Promise<void> {
    const now = this.#clock();
    if (!(await this.#deps.users.softDelete(id, now))) throw userNotFound(id);
    await this.#deps.refreshTokens.revokeAllOfUser(id, now);
  }
}
