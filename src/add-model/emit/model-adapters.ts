import type { Related } from "../model.ts";
import { importLines } from "./imports.ts";
import { fileNames, folderOf } from "./paths.ts";

export const MODEL_ADAPTERS_PATH = "test/support/model-adapters.ts";

/** `test/support/model-adapters.ts`: the in-memory repositories of every added model, which test-app.ts passes on. */
export function emitModelAdapters(models: Related[]): string {
  const sorted = [...models].sort((a, b) => (a.names.pluralCamel < b.names.pluralCamel ? -1 : 1));
  return [
    ...importLines(
      sorted.map((model) => ({
        from: `../../${folderOf(model.names)}/${fileNames(model.names).inMemory}`,
        names: [`InMemory${model.names.pascal}Repository`],
      })),
    ),
    "",
    "/** Fresh in-memory repositories of the models `scaffold add-model` added (one set per test app). */",
    "export const modelAdapters = () => ({",
    ...sorted.map((model) => `  ${model.names.pluralCamel}: new InMemory${model.names.pascal}Repository(),`),
    "});",
    "",
  ].join("\n");
}
