import type { PrincipalCache } from "./principal-cache.ts";
import type { RefreshTokenRepository } from "./refresh-tokens.port.ts";

export interface UserSessionsDependencies {
  refreshTokens: Pick<RefreshTokenRepository, "revokeAllOfUser">;
  principals: Pick<PrincipalCache, "forget">;
  clock?: () => Date;
}

/**
 * What a change to a user means for their sign-in, told by the users' routes: this instance drops the cached
 * principal at once (a new e-mail may make or unmake an administrator; a deleted user's tokens stop working), and a
 * deletion revokes the user's refresh tokens.
 */
export class UserSessions {
  readonly #deps: UserSessionsDependencies;
  readonly #clock: () => Date;

  constructor(deps: UserSessionsDependencies) {
    this.#deps = deps;
    this.#clock = deps.clock ?? (() => new Date());
  }

  changed(userId: number): void {
    this.#deps.principals.forget(userId);
  }

  async deleted(userId: number): Promise<void> {
    this.#deps.principals.forget(userId);
    await this.#deps.refreshTokens.revokeAllOfUser(userId, this.#clock());
  }
}
