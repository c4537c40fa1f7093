/**
 * Depth and cost limits, checked when the query is validated (before any resolver or SQL runs).
 * Depth: fields nested in one another (`books { edges { node { title } } }` is 4). Cost: every field counts 1, and
 * what is selected under a paged field (a list query, a one-to-many relation field) counts once per row it can return:
 * its `size` (the default size without the argument, the maximum when given by a variable). Introspection fields
 * (`__schema`, `__type`, `__typename`) are free, so GraphiQL's schema query always passes.
 */
import {
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLNamedType,
  GraphQLObjectType,
  getNamedType,
  Kind,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";
import { type PageLimits, pageLimitsOf } from "./paging.ts";

export interface GraphqlLimits {
  /** Deepest field nesting a query may have (default 10). */
  readonly maxDepth?: number;
  /** Highest cost a query may have (default 5,000). */
  readonly maxCost?: number;
}

export const defaultLimits: Required<GraphqlLimits> = { maxDepth: 10, maxCost: 5000 };

interface Measure {
  readonly depth: number;
  readonly cost: number;
}

function pageSize(node: FieldNode, sizes: PageLimits): number {
  const size = node.arguments?.find((a) => a.name.value === "size")?.value;
  if (!size) return sizes.defaultSize;
  if (size.kind === Kind.INT) return Math.max(1, Math.min(Number(size.value), sizes.maxSize));
  return sizes.maxSize;
}

export function limitsRule(limits: Required<GraphqlLimits>) {
  return (context: ValidationContext): ASTVisitor => {
    const measure = (set: SelectionSetNode, parent: GraphQLNamedType | undefined, fragments: string[]): Measure => {
      let depth = 0;
      let cost = 0;
      for (const selection of set.selections) {
        let inner: Measure | undefined;
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith("__")) continue;
          const field = parent instanceof GraphQLObjectType ? parent.getFields()[selection.name.value] : undefined;
          const named = field && getNamedType(field.type);
          const below = selection.selectionSet ? measure(selection.selectionSet, named, fragments) : undefined;
          // Every list of rows is paged: `edges` of a connection holds the rows its list query's size counted.
          const page = field && pageLimitsOf(field);
          const rows = page ? pageSize(selection, page) : 1;
          inner = { depth: 1 + (below?.depth ?? 0), cost: 1 + rows * (below?.cost ?? 0) };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const condition = selection.typeCondition && context.getSchema().getType(selection.typeCondition.name.value);
          inner = measure(selection.selectionSet, condition ?? parent, fragments);
        } else {
          const name = selection.name.value;
          const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
          if (!fragment || fragments.includes(name)) continue; // unknown or cyclic: other rules report it
          const condition = context.getSchema().getType(fragment.typeCondition.name.value);
          inner = measure(fragment.selectionSet, condition ?? parent, [...fragments, name]);
        }
        depth = Math.max(depth, inner.depth);
        cost += inner.cost;
      }
      return { depth, cost };
    };
    return {
      OperationDefinition(operation) {
        const schema = context.getSchema();
        const root =
          operation.operation === "query"
            ? schema.getQueryType()
            : operation.operation === "mutation"
              ? schema.getMutationType()
              : schema.getSubscriptionType();
        const { depth, cost } = measure(operation.selectionSet, root ?? undefined, []);
        if (depth > limits.maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the maximum of ${limits.maxDepth}`, {
              nodes: [operation],
              extensions: { code: "QUERY_TOO_DEEP" },
            }),
          );
        }
        if (cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(`Query cost ${cost} exceeds the maximum of ${limits.maxCost}`, {
              nodes: [operation],
              extensions: { code: "QUERY_TOO_COSTLY" },
            }),
          );
        }
      },
    };
  };
}
