import { createHash } from "node:crypto";
import { normalizeEmail } from "../platform/email.ts";
import type { AttemptCounter } from "./auth-attempts.port.ts";
import type { TokenIssuer } from "./token-issuer.port.ts";

interface AuthRateLimitSettings {
  windowSeconds: number;
  /** Attempts of one operation per client address and window. */
  perAddress: number;
  /** Attempts of one operation per account (e-mail, or the refresh token's user) and window. */
  perAccount: number;
}

/** A refused attempt: how long until its window ends. */
export interface Refusal {
  retryAfterSeconds: number;
}

type Operation = "register" | "login" | "refresh";

/**
 * Limits sign-up, sign-in and refresh per client address and per account. Every attempt counts, a successful one
 * too: otherwise a guess that happens to be right would go unnoticed, and the limit could not stop it.
 */
export class AuthRateLimit {
  readonly #counter: AttemptCounter;
  readonly #tokens: Pick<TokenIssuer, "verifyRefreshToken">;
  readonly #settings: AuthRateLimitSettings;
  readonly #clock: () => Date;
  #nextSweep = 0;

  constructor(deps: {
    counter: AttemptCounter;
    tokens: Pick<TokenIssuer, "verifyRefreshToken">;
    settings: AuthRateLimitSettings;
    clock?: () => Date;
  }) {
    this.#counter = deps.counter;
    this.#tokens = deps.tokens;
    this.#settings = deps.settings;
    this.#clock = deps.clock ?? (() => new Date());
  }

  /** `address` undefined: the request came without a socket (an in-process test), which counts as one client. */
  register(address: string | undefined, email: string): Promise<Refusal | undefined> {
    return this.#attempt("register", address, normalizeEmail(email));
  }

  login(address: string | undefined, email: string): Promise<Refusal | undefined> {
    return this.#attempt("login", address, normalizeEmail(email));
  }

  /** A token that is not validly signed has no account to count against; its address still counts. */
  async refresh(address: string | undefined, refreshToken: string): Promise<Refusal | undefined> {
    const userId = await this.#tokens.verifyRefreshToken(refreshToken);
    return this.#attempt("refresh", address, userId === undefined ? undefined : String(userId));
  }

  async #attempt(operation: Operation, address = "", account?: string): Promise<Refusal | undefined> {
    const now = this.#clock();
    await this.#sweep(now);
    const { windowSeconds, perAddress, perAccount } = this.#settings;
    const limits: Array<[string, number]> = [[`${operation} address ${address}`, perAddress]];
    if (account !== undefined) limits.push([`${operation} account ${account}`, perAccount]);
    let refusal: Refusal | undefined;
    for (const [name, limit] of limits) {
      // Both count even when the other refuses: a refused guess is still a guess at that account, from that address.
      const { attempts, endsAt } = await this.#counter.hit(digest(name), windowSeconds * 1000, now);
      if (attempts > limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
        refusal = { retryAfterSeconds: Math.max(retryAfterSeconds, refusal?.retryAfterSeconds ?? 0) };
      }
    }
    return refusal;
  }

  /** Ended windows are deleted once per window by each instance, which bounds the table to about two windows' keys. */
  async #sweep(now: Date): Promise<void> {
    if (now.getTime() < this.#nextSweep) return;
    this.#nextSweep = now.getTime() + this.#settings.windowSeconds * 1000;
    await this.#counter.deleteEnded(now);
  }
}

/** Addresses and e-mails are kept as digests only. */
const digest = (name: string) => createHash("sha256").update(name).digest("hex");
