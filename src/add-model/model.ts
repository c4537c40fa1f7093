import type { Database } from "../generate/choices.ts";
import type { Field } from "./field-spec.ts";
import { type ModelNames, modelNames } from "./names.ts";

/** A model as `scaffold.json` records it (`models`): everything its files are emitted from. */
export interface ModelRecord {
  name: string;
  /** The `--plural` given, or null for the rule's plural. */
  plural: string | null;
  fields: Field[];
  /** Parents (`--belongs-to`): each adds `<parent>_id`. */
  belongsTo: string[];
  /** Children (`--has-many`) the model's reads can include as arrays. */
  hasMany: string[];
  /** `--public`: no authentication in front of the routes (the `full` template's). */
  public: boolean;
}

/** The templates whose resources add-model emits. */
export type RestTemplate = "full" | "minimal";

export interface Related {
  record: ModelRecord;
  names: ModelNames;
}

/** What one model's files are emitted from: the model, its relations resolved, and the project's choices. */
export interface EmitContext extends Related {
  template: RestTemplate;
  database: Database;
  parents: Related[];
  /** Models that belong to this one: deleting it while they have live rows is a CONFLICT. */
  children: Related[];
  /** The children listed by `--has-many`: `include=<plural>` loads them. */
  hasMany: Related[];
}

export const namesOf = (record: ModelRecord): ModelNames => modelNames(record.name, record.plural ?? undefined);

/** The context of `record` among every model of the project (`all` includes it). */
export function emitContext(
  record: ModelRecord,
  all: readonly ModelRecord[],
  project: { template: RestTemplate; database: Database },
): EmitContext {
  const related = (name: string): Related => {
    const found = all.find((model) => model.name === name);
    if (!found) throw new Error(`model ${name} is not recorded`);
    return { record: found, names: namesOf(found) };
  };
  return {
    ...project,
    record,
    names: namesOf(record),
    parents: record.belongsTo.map(related),
    children: all.filter((model) => model.belongsTo.includes(record.name)).map((model) => related(model.name)),
    hasMany: record.hasMany.map(related),
  };
}
