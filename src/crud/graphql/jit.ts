/**
 * Execution by graphql-jit: each distinct operation (yoga's parse cache hands back the same document for the same
 * query text) is compiled once into a JavaScript function that resolves its fields without graphql-js's generic
 * walk over the selection set per request. An operation graphql-jit cannot compile runs through yoga's own executor.
 */
import type { ExecutionResult } from "graphql";
import { type CompiledQuery, compileQuery, isCompiledQuery } from "graphql-jit";
import type { Plugin } from "graphql-yoga";

type Compiled = CompiledQuery | ExecutionResult;

export function jitPlugin(): Plugin {
  // Per document and operation name; documents leave yoga's bounded parse cache, and then this map, together.
  const compiled = new WeakMap<object, Map<string, Compiled>>();
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
        query = compileQuery(args.schema, args.document, args.operationName ?? undefined) as Compiled;
        byName.set(name, query);
      }
      if (!isCompiledQuery(query)) return;
      const run = query;
      setExecuteFn((a) => run.query(a.rootValue, a.contextValue, a.variableValues ?? {}) as never);
    },
  };
}
