import type { ExecutionResult } from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";

/**
 * Execution by graphql-jit: each operation is compiled once into a function that resolves its fields directly,
 * instead of graphql-js walking the query for every request. yoga's parse cache hands back the same document for the
 * same query text, so a WeakMap on the document finds it again (and forgets it with the cache). An operation
 * graphql-jit cannot compile runs on graphql-js as usual.
 */
export function jitExecution(): Plugin {
  const compiled = new WeakMap<object, Map<string, CompiledQuery | ExecutionResult>>();
  return {
    onExecute: ({ args, setExecuteFn }) => {
      const name = args.operationName ?? "";
      let byName = compiled.get(args.document);
      if (!byName) {
        byName = new Map();
        compiled.set(args.document, byName);
      }
      let query = byName.get(name);
      if (!query) {
        query = compileQuery(args.schema, args.document, args.operationName ?? undefined);
        byName.set(name, query);
      }
      if (!isCompiledQuery(query)) return;
      const run = query;
      setExecuteFn((execution) =>
        run.query(execution.rootValue, execution.contextValue, execution.variableValues ?? {}),
      );
    },
  };
}
