/** Per-request GraphQL context: the host's Hono context (for `auth`) and the request's relation loaders. */
import type { GraphQLResolveInfo } from "graphql";
import type { Context } from "hono";
import type { ErrorReporter } from "../errors.ts";
import { guarded } from "./errors.ts";
import type { RelationLoaders } from "./loaders.ts";

export interface GraphqlContext {
  readonly hono: Context;
  readonly loaders: RelationLoaders;
}

/** A field resolver running `run` with the Hono context, its failures mapped to GraphQL errors. */
export function resolver<S, T>(
  report: ErrorReporter,
  run: (source: S, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo) => Promise<T>,
) {
  return (source: S, args: Record<string, unknown>, context: GraphqlContext, info: GraphQLResolveInfo): Promise<T> =>
    guarded(context.hono, report, () => run(source, args, context, info));
}
