import type { EmitContext, Related } from "../model.ts";
import { type FileKind, fileNames, folderOf } from "../paths.ts";
import { type ReadTemplate, renderResourceFile } from "./resource.ts";
import { SAMPLE_MODEL } from "./sample.ts";

export interface EmittedFile {
  path: string;
  contents: string;
}

/** The paths of a model's files, all in its folder `src/<plural>/` (as the template's `src/users/`). */
export function modelPaths({ names }: Pick<EmitContext, "names">): Record<FileKind, string> {
  const paths = fileNames(names);
  for (const kind of Object.keys(paths) as FileKind[]) paths[kind] = `${folderOf(names)}/${paths[kind]}`;
  return paths;
}

/** The API in front of the service: GraphQL types and resolvers, or REST routes with their zod-openapi schemas. */
const API_KINDS: Record<"graphql" | "rest", FileKind[]> = {
  graphql: ["sdl", "resolvers"],
  rest: ["schemas", "routes"],
};

/**
 * Every file of one model, rendered from the sample resource (templates/resource/ of `read`'s tree; the CLI's own by
 * default) (pure).
 */
export function emitModelFiles(context: EmitContext, all: readonly Related[], read?: ReadTemplate): EmittedFile[] {
  const paths = modelPaths(context);
  const samples = fileNames(SAMPLE_MODEL);
  const graphql = context.template === "graphql";
  const kinds: FileKind[] = [
    "domain",
    "port",
    "table",
    "repository",
    "service",
    ...API_KINDS[graphql ? "graphql" : "rest"],
    "module",
    "inMemory",
    "serviceTest",
    // graphql: its operations walked against the schema with types graphql-codegen generates (the contract check).
    ...(graphql ? (["resolversTest", "contractTest"] as const) : (["routesTest"] as const)),
    // The values its tests send (and, for its relations' tests, store), written once.
    "testData",
  ];
  return kinds.map((kind) => ({ path: paths[kind], contents: renderResourceFile(samples[kind], context, all, read) }));
}
