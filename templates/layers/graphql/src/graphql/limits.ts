import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
} from "graphql";

/**
 * Limits on what one request may ask, checked before any resolver runs (a query the schema allows can still be
 * made to cost a lot): tokens when the query is parsed, depth and aliases when it is validated.
 */
export const queryLimits = {
  /** Lexical tokens in the query text; GraphiQL's schema query has about 450. */
  maxTokens: 2_000,
  /**
   * Nesting of fields, introspection included: GraphiQL's schema query nests 13 deep (`ofType` of `ofType`…); a
   * query of this schema's own fields needs 2.
   */
  maxDepth: 15,
  /** Aliased fields, which would otherwise ask for the same expensive list many times in one request. */
  maxAliases: 10,
} as const;

interface Measure {
  depth: number;
  aliases: number;
}

/** The depth and alias count of a selection set, following fragments (a cyclic one is another rule's error). */
function measure(
  set: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | null | undefined,
  visiting: ReadonlySet<string>,
): Measure {
  let depth = 0;
  let aliases = 0;
  for (const selection of set.selections) {
    let inner: Measure = { depth: 0, aliases: 0 };
    if (selection.kind === Kind.FIELD) {
      const below = selection.selectionSet ? measure(selection.selectionSet, fragment, visiting) : inner;
      inner = { depth: below.depth + 1, aliases: below.aliases + (selection.alias ? 1 : 0) };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragment, visiting);
    } else {
      const name = selection.name.value;
      const definition = fragment(name);
      if (definition && !visiting.has(name)) {
        inner = measure(definition.selectionSet, fragment, new Set([...visiting, name]));
      }
    }
    depth = Math.max(depth, inner.depth);
    aliases += inner.aliases;
  }
  return { depth, aliases };
}

/** A validation rule: each operation within `maxDepth` and `maxAliases`. */
export function depthAndAliasRule({ maxDepth, maxAliases }: { maxDepth: number; maxAliases: number }) {
  return function DepthAndAliasLimit(context: ValidationContext): ASTVisitor {
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const { depth, aliases } = measure(operation.selectionSet, (name) => context.getFragment(name), new Set());
        const extensions = { code: "BAD_USER_INPUT" };
        if (depth > maxDepth) {
          const message = `Query depth ${depth} exceeds the maximum of ${maxDepth}`;
          context.reportError(new GraphQLError(message, { nodes: [operation], extensions }));
        }
        if (aliases > maxAliases) {
          const message = `Query has ${aliases} aliases, more than the maximum of ${maxAliases}`;
          context.reportError(new GraphQLError(message, { nodes: [operation], extensions }));
        }
      },
    };
  };
}
