import { forbidden } from "../auth/auth-errors.ts";
import type { Principal } from "../auth/principal.ts";
import type { PrincipalCache } from "../auth/principal-cache.ts";
import type { RefreshTokenRepository } from "../auth/refresh-tokens.port.ts";
import { normalizeEmail } from "../platform/email.ts";
import { notFound } from "../platform/errors.ts";
import type { User } from "./user.ts";
import type { UserRepository } from "./users.port.ts";

export interface UserServiceDependencies {
  users: UserRepository;
  refreshTokens: RefreshTokenRepository;
  /** Told about every change, so this instance stops accepting a deleted user's tokens at once. */
  principals: Pick<PrincipalCache, "forget">;
  clock?: () => Date;
}

const userNotFound = (id: number) => notFound(`User ${id} not found`);

/**
 * A user may change and delete only their own record; an administrator may change and delete everyone. Checked
 * before the record is looked up, so a refusal does not tell whether the id exists.
 */
function mayManage(actor: Principal, id: number): void {
  if (actor.id !== id && !actor.isAdmin) throw forbidden("You may only change or delete your own user");
}

export class UserService {
  readonly #deps: UserServiceDependencies;
  readonly #clock: () => Date;

  constructor(deps: UserServiceDependencies) {
    this.#deps = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  /** Listing and reading stay open to every signed-in user. */
  list(page: { limit: number; offset: number }): Promise<User[]> {
    return this.#deps.users.list(page);
  }

  async get(id: number): Promise<User> {
    const user = await this.#deps.users.findById(id);
    if (!user) throw userNotFound(id);
    return user;
  }

  async update(actor: Principal, id: number, changes: { email: string }): Promise<User> {
    mayManage(actor, id);
    const user = await this.#deps.users.update(id, { email: normalizeEmail(changes.email) }, this.#clock());
    this.#deps.principals.forget(id);
    if (!user) throw userNotFound(id);
    return user;
  }

  /** Soft delete: the row keeps its deletion time; the user's refresh tokens are revoked. */
  async delete(actor: Principal, id: number): Promise<void> {
    mayManage(actor, id);
    const now = this.#clock();
    const deleted = await this.#deps.users.softDelete(id, now);
    this.#deps.principals.forget(id);
    if (!deleted) throw userNotFound(id);
    await this.#deps.refreshTokens.revokeAllOfUser(id, now);
  }
}
