/**
 * Depth and cost limits, checked when the query is validated (before any resolver or SQL runs).
 * Depth: fields nested in one another (`books { edges { node { title } } }` is 4). Cost: the rows a query can read,
 * as GitHub's GraphQL API counts nodes: a row (an object of a resource's type) counts 1 wherever it can appear, a
 * paged field (a list query, a one-to-many relation field) multiplies what it holds by its `size` (the default size
 * without the argument, the maximum when given by a variable), so nested lists multiply. Scalars and the connection's
 * own objects (`edges`, `pageInfo`) count 0; every root field counts at least 1, as it runs at least one statement.
 * Introspection fields (`__schema`, `__type`, `__typename`) are free, so GraphiQL's schema query always passes.
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
  /** Highest cost (rows a query can read) a query may have (default 5,000). */
  readonly maxCost?: number;
}

export const defaultLimits: Required<GraphqlLimits> = { maxDepth: 10, maxCost: 5000 };

const rowMarker = "crudRow";

/** The `extensions` of a resource's object type: each of its objects is a row the cost rule counts. */
export const rowTypeExtensions: Readonly<Record<string, true>> = { [rowMarker]: true };

const isRowType = (type: GraphQLNamedType | undefined) => type?.extensions[rowMarker] === true;

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
    const measure = (
      set: SelectionSetNode,
      parent: GraphQLNamedType | undefined,
      fragments: string[],
      root: boolean,
    ): Measure => {
      let depth = 0;
      let cost = 0;
      for (const selection of set.selections) {
        let inner: Measure | undefined;
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith("__")) continue;
          const field = parent instanceof GraphQLObjectType ? parent.getFields()[selection.name.value] : undefined;
          const named = field && getNamedType(field.type);
          const below = selection.selectionSet ? measure(selection.selectionSet, named, fragments, false) : undefined;
          // A list query's size multiplies its whole connection: the `node`s under `edges` are the page's rows.
          const page = field && pageLimitsOf(field);
          const rows = page ? pageSize(selection, page) : 1;
          const fieldCost = rows * ((isRowType(named) ? 1 : 0) + (below?.cost ?? 0));
          inner = { depth: 1 + (below?.depth ?? 0), cost: root ? Math.max(1, fieldCost) : fieldCost };
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          const condition = selection.typeCondition && context.getSchema().getType(selection.typeCondition.name.value);
          inner = measure(selection.selectionSet, condition ?? parent, fragments, root);
        } else {
          const name = selection.name.value;
          const fragment: FragmentDefinitionNode | null | undefined = context.getFragment(name);
          if (!fragment || fragments.includes(name)) continue; // unknown or cyclic: other rules report it
          const condition = context.getSchema().getType(fragment.typeCondition.name.value);
          inner = measure(fragment.selectionSet, condition ?? parent, [...fragments, name], root);
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
        const { depth, cost } = measure(operation.selectionSet, root ?? undefined, [], true);
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
