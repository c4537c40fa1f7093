import type { UserRepository } from "../users/users.port.ts";
import { BoundedMap } from "./bounded-map.ts";
import type { Principal } from "./principal.ts";

/** How long an answer is reused: another instance's deletion or e-mail change is seen here within this time. */
const PRINCIPAL_TTL_MS = 5_000;
/** Entries kept at most; the oldest goes first. */
const PRINCIPAL_CACHE_SIZE = 10_000;

export interface PrincipalCacheOptions {
  users: Pick<UserRepository, "findById">;
  /** Normalised e-mails of the administrators (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  /** undefined: no such live user (cached too, so a deleted user's token costs no query per request either). */
  principal: Principal | undefined;
  expiresAt: number;
}

/**
 * User id -> live principal, in front of the user repository: the per-request check that a token's user still exists
 * is a Map look-up, not a query. This instance's own updates and deletions `forget` the entry at once.
 */
export class PrincipalCache {
  readonly #users: Pick<UserRepository, "findById">;
  readonly #admins: ReadonlySet<string>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  readonly #entries: BoundedMap<number, Entry>;
  /** Counts `forget` calls: a look-up that was under way during one does not store its possibly stale answer. */
  #forgets = 0;

  constructor({ users, adminEmails, ttlMs, maxEntries, now }: PrincipalCacheOptions) {
    this.#users = users;
    this.#admins = new Set(adminEmails);
    this.#ttlMs = ttlMs ?? PRINCIPAL_TTL_MS;
    this.#entries = new BoundedMap(maxEntries ?? PRINCIPAL_CACHE_SIZE);
    this.#now = now ?? Date.now;
  }

  async find(id: number): Promise<Principal | undefined> {
    const now = this.#now();
    const cached = this.#entries.get(id);
    if (cached && cached.expiresAt > now) return cached.principal;
    const forgets = this.#forgets;
    const user = await this.#users.findById(id);
    const principal = user && { id: user.id, email: user.email, isAdmin: this.#admins.has(user.email) };
    if (forgets === this.#forgets) this.#entries.set(id, { principal, expiresAt: now + this.#ttlMs });
    return principal;
  }

  forget(id: number): void {
    this.#forgets++;
    this.#entries.delete(id);
  }
}
