import { normalizeEmail } from "../platform/email.ts";
import { notFound } from "../platform/errors.ts";
import type { User, UserInput } from "./user.ts";
import type { UserFields, UserRepository } from "./users.port.ts";

export interface UserServiceDependencies {
  users: UserRepository;
  clock?: () => Date;
}

const userNotFound = (id: number) => notFound(`User ${id} not found`);

/** The stored form of an input: the e-mail normalised, a missing name null. */
const fields = ({ email, name }: UserInput): UserFields => ({ email: normalizeEmail(email), name: name ?? null });

/** Users: create, read, list, replace and soft-delete. Every API of the service (REST, GraphQL) calls this one. */
export class UserService {
  readonly #users: UserRepository;
  readonly #clock: () => Date;

  constructor(deps: UserServiceDependencies) {
    this.#users = deps.users;
    this.#clock = deps.clock ?? (() => new Date());
  }

  /** Throws CONFLICT when the e-mail is taken. */
  create(input: UserInput): Promise<User> {
    return this.#users.create(fields(input), this.#clock());
  }

  list(page: { limit: number; offset: number }): Promise<User[]> {
    return this.#users.list(page);
  }

  /** Throws NOT_FOUND for an unknown or deleted id. */
  async get(id: number): Promise<User> {
    const user = await this.#users.findById(id);
    if (!user) throw userNotFound(id);
    return user;
  }

  /** Replaces the e-mail and the name (a missing name becomes null); NOT_FOUND, or CONFLICT when the e-mail is taken. */
  async update(id: number, input: UserInput): Promise<User> {
    const user = await this.#users.update(id, fields(input), this.#clock());
    if (!user) throw userNotFound(id);
    return user;
  }

  /** Soft delete: the row keeps its deletion time. NOT_FOUND for an unknown or already deleted id. */
  async delete(id: number): Promise<void> {
    if (!(await this.#users.softDelete(id, this.#clock()))) throw userNotFound(id);
  }
}
