import type { EmitContext, Related } from "../model.ts";
import { templateFile } from "../template-file.ts";
import { pruneImports } from "./imports.ts";
import { resourceScope } from "./scope.ts";
import { parseTemplate, renderNodes, type Scope } from "./template.ts";

/** Where the sample resource is in the template tree. */
export const SAMPLE_DIR = "resource";

/** Reads a file of the template tree by its path in it (`resource/stock-item.ts`). */
export type ReadTemplate = (path: string) => string;

/** A sample file (`file`: its path in templates/resource/) rendered in `scope`, its blank-line runs collapsed. */
export function renderSample(file: string, scope: Scope, read: ReadTemplate = templateFile): string {
  const path = `${SAMPLE_DIR}/${file}`;
  return renderNodes(parseTemplate(read(path), path), scope).replace(/\n{3,}/g, "\n\n");
}

/**
 * One file of a model's folder, rendered from the sample resource's file of the same kind (`file`: its name in the
 * sample's folder, `stock-items.port.ts`): the sample's names and fields replaced by the model's, its imports pruned.
 */
export function renderResourceFile(
  file: string,
  context: EmitContext,
  all: readonly Related[],
  read: ReadTemplate = templateFile,
): string {
  const tidy = renderSample(file, resourceScope(context, all), read).replace(/^\n+/, "");
  return file.endsWith(".ts") ? pruneImports(tidy) : tidy;
}
