import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import manifest from "../../templates/manifest.json" with { type: "json" };
import { DATABASES, type Database, TEMPLATE_NAMES, type TemplateName } from "../generate/choices.ts";
import { ScaffoldError } from "../generate/errors.ts";
import { FIELD_TYPES, type Field } from "./field-spec.ts";
import type { ModelRecord } from "./model.ts";

/** A generated project as add-model sees it: where it is, what `scaffold.json` says. */
export interface Project {
  root: string;
  template: TemplateName;
  database: Database;
  /** `scaffold.json` as read (kept whole: add-model adds `models` and leaves every other key as it is). */
  manifest: Record<string, unknown>;
  models: ModelRecord[];
}

/** The resources the templates bring themselves: add-model refuses these names. */
export const TEMPLATE_MODELS: Record<TemplateName, string[]> = {
  full: ["User", "RefreshToken", "Auth"],
  minimal: ["User"],
  graphql: ["User"],
};

/** The folders of `src/` the templates bring (a resource's, or shared code): no model's folder may be one of them. */
export const TEMPLATE_FOLDERS = ["apidocs", "auth", "graphql", "observability", "platform", "users"];

/** The nearest folder from `cwd` upwards holding a `scaffold.json`. */
function findRoot(cwd: string): string | undefined {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (existsSync(join(dir, "scaffold.json"))) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** The major.minor of a version: template trees of the same one lay resources out alike (0.x: the same minor). */
const series = (version: string) =>
  version
    .split(".")
    .slice(0, version.startsWith("0.") ? 2 : 1)
    .join(".");

function isField(value: unknown): value is Field {
  const field = value as Field;
  return (
    typeof field?.name === "string" &&
    (FIELD_TYPES as readonly string[]).includes(field.type) &&
    typeof field.unique === "boolean" &&
    typeof field.notNull === "boolean" &&
    typeof field.index === "boolean"
  );
}

function isModel(value: unknown): value is ModelRecord {
  const model = value as ModelRecord;
  return (
    typeof model?.name === "string" &&
    (model.plural === null || typeof model.plural === "string") &&
    Array.isArray(model.fields) &&
    model.fields.every(isField) &&
    Array.isArray(model.belongsTo) &&
    model.belongsTo.every((name) => typeof name === "string") &&
    Array.isArray(model.hasMany) &&
    model.hasMany.every((name) => typeof name === "string") &&
    typeof model.public === "boolean"
  );
}

/** Reads the project's files for a plan: a file's text, or undefined when it does not exist. */
export const projectFile =
  (root: string) =>
  (path: string): string | undefined => {
    const file = join(root, path);
    return existsSync(file) ? readFileSync(file, "utf8") : undefined;
  };

/**
 * A project's `scaffold.json` (`json`, read from `path`) as add-model sees it, or a clear refusal: not written by
 * `scaffold new`, or an invalid model list. Any template series: a replay of a project's history renders each run
 * from the templates it was recorded with.
 */
export function parseProject(json: Record<string, unknown>, root: string, path = join(root, "scaffold.json")): Project {
  const { template, database, templateVersion } = json as {
    template?: unknown;
    database?: unknown;
    templateVersion?: unknown;
  };
  if (
    !(TEMPLATE_NAMES as readonly unknown[]).includes(template) ||
    !(DATABASES as readonly unknown[]).includes(database) ||
    typeof templateVersion !== "string"
  ) {
    throw new ScaffoldError(
      `${path} does not name a template, a database and a template version: it was not written by scaffold new.`,
    );
  }
  const models = json.models ?? [];
  if (!Array.isArray(models) || !models.every(isModel)) {
    throw new ScaffoldError(`${path} has an invalid "models" list: restore it from version control.`);
  }
  return { root, template: template as TemplateName, database: database as Database, manifest: json, models };
}

/** The nearest `scaffold.json` from `cwd` upwards, parsed, or a clear refusal. */
export function readManifest(
  cwd: string,
  command: string,
): { root: string; path: string; json: Record<string, unknown> } {
  const root = findRoot(cwd);
  if (!root) {
    throw new ScaffoldError(
      `No scaffold.json here or in a parent folder: run ${command} inside a project that \`scaffold new\` generated.`,
    );
  }
  const path = join(root, "scaffold.json");
  try {
    return { root, path, json: JSON.parse(readFileSync(path, "utf8")) };
  } catch (error) {
    throw new ScaffoldError(
      `${path} is not valid JSON (${error instanceof Error ? error.message : error}): fix or restore it.`,
    );
  }
}

/**
 * The project around `cwd` for add-model, or a clear refusal: not a generated project, or one of another template
 * series (this CLI's renderer writes one series' layout; `scaffold upgrade` brings a project to it).
 */
export function readProject(cwd: string): Project {
  const { root, path, json } = readManifest(cwd, "add-model");
  const project = parseProject(json, root, path);
  const templateVersion = json.templateVersion as string;
  if (series(templateVersion) !== series(manifest.version)) {
    throw new ScaffoldError(
      `This project was generated from templates ${templateVersion}, whose layout this scaffold (templates ${manifest.version}) does not edit: run scaffold upgrade first, or use a scaffold release of the ${series(templateVersion)} series.`,
    );
  }
  return project;
}
