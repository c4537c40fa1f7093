import { compare, hash } from "bcryptjs";
import type { PasswordHasher } from "./password-hasher.port.ts";

/** bcryptjs is pure JavaScript, so it behaves the same on Node.js, Bun and Deno. */
export class BcryptPasswordHasher implements PasswordHasher {
  readonly #rounds: number;

  constructor(rounds: number) {
    this.#rounds = rounds;
  }

  hash(password: string): Promise<string> {
    return hash(password, this.#rounds);
  }

  verify(password: string, passwordHash: string): Promise<boolean> {
    return compare(password, passwordHash);
  }
}
