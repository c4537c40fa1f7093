import type { Database } from "../../generate/choices.ts";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf } from "../model.ts";
import { pruneImports } from "./imports.ts";
import { type ReadTemplate, renderSample } from "./resource.ts";
import { resourceScope } from "./scope.ts";
import type { Scope } from "./template.ts";

/** A model's scope with its place in a list (`first`, `last`) in front of its own flags. */
const placed = (scope: Scope, position: Record<string, boolean>): Scope => ({
  flag: (name) => position[name] ?? scope.flag(name),
  items: (list) => scope.items(list),
  write: (text) => scope.write(text),
});

/**
 * The scope of a file add-model writes outside the models' folders: `@each model` walks every model, sorted by plural
 * as those files list them; each item is the model's resource scope (spelled as the sample `StockItem`, with its
 * flags and lists). Text outside them is copied as it is: there is no model to spell it for.
 */
function projectScope(records: readonly ModelRecord[], project: { template: ModelTemplate; database: Database }) {
  const all = records.map((record) => ({ record, names: namesOf(record) }));
  const scopes = (list: readonly ModelRecord[]) =>
    list.map((record, i) =>
      placed(resourceScope(emitContext(record, records, project), all), {
        first: i === 0,
        last: i === list.length - 1,
      }),
    );
  const lists: Record<string, () => Scope[]> = {
    model: () => scopes([...records].sort((a, b) => (namesOf(a).pluralCamel < namesOf(b).pluralCamel ? -1 : 1))),
  };
  return {
    flag(name: string): boolean {
      throw new Error(`unknown template flag "${name}" outside @each model (a project file's flags are its models')`);
    },
    items(list: string): Scope[] {
      const items = lists[list];
      if (!items) throw new Error(`unknown template list "${list}"`);
      return items();
    },
    write: (text: string) => text,
  } satisfies Scope;
}

/**
 * A file over all of a project's models (`file`: its sample in templates/resource/, `model-adapters.ts`), rendered as
 * a resource's files are: directives applied, blank-line runs collapsed, unused imports pruned.
 */
export function renderProjectFile(
  file: string,
  records: readonly ModelRecord[],
  project: { template: ModelTemplate; database: Database },
  read?: ReadTemplate,
): string {
  const tidy = renderSample(file, projectScope(records, project), read);
  return file.endsWith(".ts") ? pruneImports(tidy) : tidy;
}
