import { validId, validPage, validUserInput } from "../graphql/inputs.ts";
import { timeScalar } from "../graphql/time.scalar.ts";
import type { DomainError } from "../platform/errors.ts";
import type { UserService } from "./user.service.ts";
import type { User } from "./user.ts";

/** What the resolvers need: the same service as every other API of the users. */
export interface ResolverDependencies {
  userService: UserService;
}

/** The arguments of schema.graphql's fields, as graphql-js hands them over (ID as a string, inputs as objects). */
export interface UserArgs {
  id: string;
}
export interface UsersArgs {
  limit?: number | null;
  offset?: number | null;
}
export interface UserInputArgs {
  input: { email: string; name?: string | null };
}

const isNotFound = (error: unknown) => (error as DomainError | undefined)?.code === "NOT_FOUND";

/**
 * The resolvers of schema.graphql: an adapter that turns arguments into service calls and the service's users into
 * `User` objects (the field names are the domain's, so graphql-js's default resolvers read them). Domain errors are
 * thrown as they are; errors.ts gives each its `extensions.code`.
 */
export function userResolvers({ userService }: ResolverDependencies) {
  return {
    Time: timeScalar,
    Query: {
      users: (_: unknown, { limit, offset }: UsersArgs): Promise<User[]> =>
        userService.list(validPage({ limit: limit ?? 50, offset: offset ?? 0 })),
      user: async (_: unknown, { id }: UserArgs): Promise<User | null> => {
        try {
          return await userService.get(validId(id));
        } catch (error) {
          if (isNotFound(error)) return null;
          throw error;
        }
      },
    },
    Mutation: {
      createUser: (_: unknown, { input }: UserInputArgs): Promise<User> => userService.create(validUserInput(input)),
      updateUser: (_: unknown, { id, input }: UserArgs & UserInputArgs): Promise<User> =>
        userService.update(validId(id), validUserInput(input)),
      deleteUser: async (_: unknown, { id }: UserArgs): Promise<boolean> => {
        await userService.delete(validId(id));
        return true;
      },
    },
  };
}
