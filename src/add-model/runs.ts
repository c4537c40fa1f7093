import { ScaffoldError } from "../generate/errors.ts";
import type { AddModelRequest } from "./plan.ts";

/**
 * One add-model run as `scaffold.json` records it (`addModelRuns`, in the order they ran): what was asked, so that
 * the run can be replayed. Options left at their default are not written, to keep the file short.
 */
export interface RunRecord {
  model: string;
  /** `--fields` as given; absent for the form that only adds `--has-many`. */
  fields?: string;
  belongsTo?: string[];
  hasMany?: string[];
  public?: true;
  plural?: string;
  /** When it ran (ISO 8601, in ms): its migration's journal entry carries this time, not drizzle-kit's clock. */
  at: string;
}

export function runRecord(request: AddModelRequest, at: Date): RunRecord {
  return {
    model: request.name,
    ...(request.fields !== undefined ? { fields: request.fields } : {}),
    ...(request.belongsTo.length > 0 ? { belongsTo: request.belongsTo } : {}),
    ...(request.hasMany.length > 0 ? { hasMany: request.hasMany } : {}),
    ...(request.public ? { public: true as const } : {}),
    ...(request.plural !== undefined ? { plural: request.plural } : {}),
    at: at.toISOString(),
  };
}

/** The request a recorded run was made with. */
export const requestOf = (run: RunRecord): AddModelRequest => ({
  name: run.model,
  fields: run.fields,
  belongsTo: run.belongsTo ?? [],
  hasMany: run.hasMany ?? [],
  public: run.public ?? false,
  plural: run.plural,
});

const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);
const isText = (value: unknown) => typeof value === "string";
const isNames = (value: unknown) => Array.isArray(value) && value.every(isText);

function isRun(value: unknown): value is RunRecord {
  const run = value as Record<string, unknown> | null;
  return (
    typeof run?.model === "string" &&
    optional(run.fields, isText) &&
    optional(run.belongsTo, isNames) &&
    optional(run.hasMany, isNames) &&
    optional(run.public, (flag) => flag === true) &&
    optional(run.plural, isText) &&
    typeof run.at === "string" &&
    !Number.isNaN(Date.parse(run.at))
  );
}

/** The recorded runs; none in a project whose add-model runs predate the record (or that has none). */
export function recordedRuns(manifest: Record<string, unknown>): RunRecord[] {
  const runs = manifest.addModelRuns ?? [];
  if (!Array.isArray(runs) || !runs.every(isRun)) {
    throw new ScaffoldError('scaffold.json has an invalid "addModelRuns" list: restore it from version control.');
  }
  return runs;
}
