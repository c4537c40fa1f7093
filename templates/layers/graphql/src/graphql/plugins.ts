import { GraphQLError, NoSchemaIntrospectionCustomRule, parse } from "graphql";
import type { Plugin } from "graphql-yoga";
import { depthAndAliasRule, queryLimits } from "./limits.ts";

/** graphql-js's hint at the field meant ("Did you mean …?"), which tells a stranger what the schema holds. */
const SUGGESTION = / ?Did you mean [^?]*\?/;

/** The error without its suggestion (kept when there is none). */
export function withoutSuggestion<E extends Error>(error: E): E | GraphQLError {
  if (!(error instanceof GraphQLError) || !SUGGESTION.test(error.message)) return error;
  const { nodes, source, positions, path, originalError, extensions } = error;
  const message = error.message.replace(SUGGESTION, "");
  return new GraphQLError(message, { nodes, source, positions, path, originalError, extensions });
}

/** The query is parsed with graphql-js's token limit: a huge query is refused before it is turned into a tree. */
export const tokenLimit = (maxTokens = queryLimits.maxTokens): Plugin => ({
  onParse: ({ setParseFn }) => setParseFn((source, options) => parse(source, { ...options, maxTokens })),
});

/** Depth and aliases, as one more validation rule; introspection refused unless `introspection`. */
export function validationRules({ introspection }: { introspection: boolean }): Plugin {
  const limits = depthAndAliasRule(queryLimits);
  return {
    onValidate: ({ addValidationRule }) => {
      addValidationRule(limits);
      if (!introspection) addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/** Validation errors without "Did you mean …?" (outside development: no hints at field names). */
export const noSuggestions = (): Plugin => ({
  onValidate:
    () =>
    ({ result, setResult }) => {
      if (result.length > 0) setResult(result.map((error) => withoutSuggestion(error)));
    },
});
