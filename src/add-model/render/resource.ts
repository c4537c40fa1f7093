import { templateFile } from "../helpers.ts";
import type { EmitContext, Related } from "../model.ts";
import { pruneImports } from "./imports.ts";
import { resourceScope } from "./scope.ts";
import { parseTemplate, renderNodes } from "./template.ts";

/** Where the sample resource is in the template tree. */
export const SAMPLE_DIR = "resource";

/**
 * One file of a model's folder, rendered from the sample resource's file of the same kind (`file`: its name in the
 * sample's folder, `stock-items.port.ts`): the sample's names and fields replaced by the model's, its imports pruned.
 */
export function renderResourceFile(file: string, context: EmitContext, all: readonly Related[]): string {
  const path = `${SAMPLE_DIR}/${file}`;
  const text = renderNodes(parseTemplate(templateFile(path), path), resourceScope(context, all));
  const tidy = text.replace(/\n{3,}/g, "\n\n");
  return file.endsWith(".ts") ? pruneImports(tidy) : tidy;
}
