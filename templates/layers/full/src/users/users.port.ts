import type { User } from "./user.ts";

export interface NewUser {
  email: string;
  passwordHash: string;
}

/** Users that are soft-deleted are invisible through every method. */
export interface UserRepository {
  /** Throws a CONFLICT domain error when the e-mail is taken. */
  create(user: NewUser, now: Date): Promise<User>;
  findById(id: number): Promise<User | undefined>;
  findCredentials(email: string): Promise<{ user: User; passwordHash: string } | undefined>;
  list(page: { limit: number; offset: number }): Promise<User[]>;
  /** Returns undefined for an unknown user; throws a CONFLICT domain error when the e-mail is taken. */
  update(id: number, changes: { email: string }, now: Date): Promise<User | undefined>;
  /** Sets the deletion time; false when there was no such (live) user. */
  softDelete(id: number, now: Date): Promise<boolean>;
}
