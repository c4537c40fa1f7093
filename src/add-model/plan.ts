import { type Formatter, projectFormatter } from "../generate/biome-format.ts";
import { usageError } from "../generate/errors.ts";
import { parseFieldSpec } from "./field-spec.ts";
import { stringifyJson } from "./json.ts";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf, type Related, USER } from "./model.ts";
import { modelNames } from "./names.ts";
import { checkOperationIds } from "./operation-ids.ts";
import { addToModuleList, ManualEditError, spreadModelAdapters } from "./patches.ts";
import { type Project, TEMPLATE_FOLDERS, TEMPLATE_MODELS } from "./project.ts";
import { type EmittedFile, emitModelFiles, modelPaths } from "./render/model-files.ts";
import { renderProjectFile } from "./render/project.ts";
import { readmeSection, sectionEnd, sectionStart } from "./render/readme.ts";
import type { ReadTemplate } from "./render/resource.ts";
import { templateUserFiles } from "./render/template-users.ts";
import { type RunRecord, recordedRuns, runRecord } from "./runs.ts";
import { templateFile } from "./template-file.ts";
import { addModelResolvers, GRAPHQL_SERVER_PATH } from "./template-patches.ts";

/** What the user asked for, as parsed from the command line. */
export interface AddModelRequest {
  name: string;
  /** undefined: the form that only adds `--has-many` to an existing model. */
  fields: string | undefined;
  belongsTo: string[];
  hasMany: string[];
  public: boolean;
  plural: string | undefined;
}

export interface FileChange {
  path: string;
  before: string;
  after: string;
}

/** Everything add-model will do, computed before anything is written (dry run and confirmation print it). */
export interface AddModelPlan {
  model: ModelRecord;
  /** The `--has-many` form: no new model, no migration. */
  addsModel: boolean;
  create: EmittedFile[];
  change: FileChange[];
  /**
   * The files of `change` edited in place rather than rendered whole (the module list, the test app, the README's
   * sections, helper declarations): the edit applies to a file changed by hand as well.
   */
  inPlace: string[];
  /** The migration's name (`drizzle-kit generate --name …`), or null when no table changes. */
  migration: string | null;
  notices: string[];
  /** This run, as appended to scaffold.json's `addModelRuns`. */
  run: RunRecord;
}

/** Reads a project file (undefined when it does not exist): the plan's only window on the disk. */
export type ReadFile = (path: string) => string | undefined;

const MODULE_LIST = "src/modules.ts";
const TEST_APP = "test/support/test-app.ts";
/** The files over every model (or every model of the template's users), each rendered from its sample. */
const MODEL_ADAPTERS = "test/support/model-adapters.ts";
const MODEL_RESOLVERS = "src/graphql/model-resolvers.ts";

/** The types every GraphQL schema (or this template's) already has. */
const GRAPHQL_NAMES = ["Query", "Mutation", "Subscription", "Time", "Int", "Float", "String", "Boolean", "ID"];

function unique(list: string[], flag: string): string[] {
  const seen = new Set<string>();
  for (const name of list) {
    if (seen.has(name)) throw usageError(`${flag} ${name} is given twice.`);
    seen.add(name);
  }
  return list;
}

/** The records of the project after the request, and the model it adds or changes. */
function nextRecords(project: Project, request: AddModelRequest, notices: string[]) {
  const names = modelNames(request.name, request.plural);
  const models = project.models;
  const templateModels = TEMPLATE_MODELS[project.template];
  const existing = models.find((model) => model.name === request.name);
  const known = (name: string, flag: string) => {
    if (templateModels.includes(name)) {
      throw usageError(
        `${flag} ${name}: ${name} belongs to the ${project.template} template; relations are made between models added by add-model.`,
      );
    }
    const found = models.find((model) => model.name === name);
    if (!found) {
      const list = models.map((model) => model.name).join(", ") || "none yet";
      throw usageError(`${flag} ${name}: there is no model ${name} in this project (models added so far: ${list}).`);
    }
    return found;
  };
  unique(request.belongsTo, "--belongs-to");
  unique(request.hasMany, "--has-many");
  if (request.name === USER && request.hasMany.length > 0 && templateModels.includes(USER)) {
    throw usageError(
      `--has-many on ${USER} is not supported: the users are the ${project.template} template's, whose reads add-model does not rewrite. ${
        project.template === "graphql"
          ? `Each ${request.hasMany[0]} has its user field instead.`
          : `A user's ${request.hasMany[0]} records are at GET /api/v1/users/{userId}/<plural>, and their reads take include=user.`
      }`,
    );
  }
  if (request.fields === undefined) {
    if (!existing || request.hasMany.length === 0) {
      throw usageError(
        existing
          ? `Model ${request.name} already exists: to relate it, run add-model ${request.name} --has-many <Model>.`
          : `--fields is required to add model ${request.name}.`,
      );
    }
    if (request.belongsTo.length > 0 || request.plural !== undefined || request.public) {
      throw usageError(
        `Model ${request.name} exists: only --has-many can be added to it (--belongs-to, --plural and --public are set when a model is added).`,
      );
    }
    for (const name of request.hasMany) {
      const child = known(name, "--has-many");
      if (!child.belongsTo.includes(request.name)) {
        throw usageError(
          `--has-many ${name}: ${name} does not belong to ${request.name}; add it with --belongs-to ${request.name} first.`,
        );
      }
      if (existing.hasMany.includes(name))
        throw usageError(`--has-many ${name}: ${request.name} already has many ${name}.`);
    }
    const model = { ...existing, hasMany: [...existing.hasMany, ...request.hasMany] };
    return { model, records: models.map((record) => (record.name === model.name ? model : record)), addsModel: false };
  }
  if (templateModels.includes(request.name)) {
    throw usageError(`Model ${request.name} already exists: the ${project.template} template brings it.`);
  }
  if (project.template === "graphql" && (GRAPHQL_NAMES.includes(request.name) || request.name.endsWith("Input"))) {
    throw usageError(
      `Model ${request.name}: the name of a GraphQL type of the schema (or of a model's input); choose another name.`,
    );
  }
  if (existing) throw usageError(`Model ${request.name} already exists (scaffold.json lists it): choose another name.`);
  const clash = models.find((model) => {
    const other = namesOf(model);
    return other.pluralKebab === names.pluralKebab || other.kebab === names.kebab || other.pluralKebab === names.kebab;
  });
  if (clash)
    throw usageError(
      `Model ${request.name} would share its files or routes with ${clash.name}: choose another name or --plural.`,
    );
  if (TEMPLATE_FOLDERS.includes(names.pluralKebab))
    throw usageError(
      `Model ${request.name}: its folder would be src/${names.pluralKebab}/, the template's; choose another name or --plural.`,
    );
  if (request.hasMany.length > 0) {
    throw usageError(
      `--has-many ${request.hasMany[0]}: ${request.hasMany[0]} cannot belong to ${request.name} before ${request.name} exists; add ${request.name} first, then ${request.hasMany[0]} with --belongs-to ${request.name}, then run add-model ${request.name} --has-many ${request.hasMany[0]}.`,
    );
  }
  if (request.belongsTo.includes(request.name))
    throw usageError(`--belongs-to ${request.name}: a model cannot belong to itself.`);
  // The template's users may be a parent (their repository gets a guard); its other models may not.
  for (const parent of request.belongsTo)
    if (parent !== USER || !templateModels.includes(USER)) known(parent, "--belongs-to");
  if (request.belongsTo.includes(USER) && project.template === "full" && request.public) {
    throw usageError(
      `--public with --belongs-to ${USER}: who may write a model of a user is decided by the access token (the user themself or an administrator), so its routes cannot be public.`,
    );
  }
  const spec = parseFieldSpec(request.fields);
  notices.push(...spec.notices);
  for (const parent of request.belongsTo) {
    const reference = `${modelNames(parent).snake}_id`;
    if (spec.fields.some((field) => field.name === modelNames(parent).snake)) {
      throw usageError(
        `Field "${modelNames(parent).snake}" would clash with the --belongs-to ${parent} relation (${reference}): rename it.`,
      );
    }
  }
  const model: ModelRecord = {
    name: request.name,
    plural: request.plural ?? null,
    fields: spec.fields,
    belongsTo: request.belongsTo,
    hasMany: [],
    public: request.public,
  };
  checkOperationIds(model, models, project.template);
  return { model, records: [...models, model], addsModel: true };
}

/** Refuses a bad request (usage error) as planAddModel would, without rendering anything. */
export function checkRequest(project: Project, request: AddModelRequest): void {
  nextRecords(project, request, []);
}

const related = (records: ModelRecord[]): Related[] => records.map((record) => ({ record, names: namesOf(record) }));

type ProjectChoices = { template: ModelTemplate; database: Project["database"] };

/** Every file of every model, by path, rendered from the templates `read` reads and laid out as the project's Biome does. */
function emitAll(records: ModelRecord[], project: ProjectChoices, read: ReadTemplate, format: Formatter) {
  const all = related(records);
  const files = new Map<string, string>();
  for (const record of records) {
    for (const file of emitModelFiles(emitContext(record, records, project), all, read))
      files.set(file.path, file.contents);
  }
  // The template's users are rendered from the sample too: with their children, as any parent is.
  for (const file of templateUserFiles(records, project, read)) files.set(file.path, file.contents);
  if (records.length > 0) files.set(MODEL_ADAPTERS, renderProjectFile("model-adapters.ts", records, project, read));
  if (records.length > 0 && project.template === "graphql") {
    files.set(MODEL_RESOLVERS, renderProjectFile("model-resolvers.ts", records, project, read));
  }
  for (const [path, contents] of files) files.set(path, format(path, contents));
  return files;
}

/**
 * The files of a project's models as add-model renders them from `templates` (the disk may hold edited ones), laid
 * out by the project's `biomeJson`.
 */
export const modelFiles = (project: Project, templates: ReadTemplate, biomeJson: string | undefined) =>
  emitAll(
    project.models,
    { template: project.template, database: project.database },
    templates,
    projectFormatter(biomeJson),
  );

/** Each model's section of the README, by model name. */
function readmeSections(records: ModelRecord[], project: ProjectChoices, read: ReadTemplate) {
  const all = related(records);
  return new Map(
    records.map((record) => [record.name, readmeSection(emitContext(record, records, project), all, read)]),
  );
}

/** The markers around a model's section of a file, and the heading of the first one (if any). */
interface Sections {
  start: (model: string) => string;
  end: (model: string) => string;
  heading?: string;
}

const README_SECTIONS: Sections = {
  start: sectionStart,
  end: sectionEnd,
  heading: "## Models added with scaffold add-model",
};

/** The text with each model's section replaced (or appended, under the heading for the first one). */
function updateSections(
  original: string,
  before: Map<string, string>,
  after: Map<string, string>,
  sections: Sections,
): string {
  let text = original;
  for (const [name, section] of after) {
    if (before.get(name) === section) continue;
    const start = text.indexOf(sections.start(name));
    const end = text.indexOf(sections.end(name));
    if (start !== -1 && end > start) {
      text = text.slice(0, start) + section + text.slice(end + sections.end(name).length);
    } else {
      if (sections.heading && !text.includes(sections.heading)) text = `${text.trimEnd()}\n\n${sections.heading}\n`;
      text = `${text.trimEnd()}\n\n${section}\n`;
    }
  }
  return text;
}

/**
 * Pure: the project, the request, a way to read its files, the run's time and its templates (the project's recorded
 * release; the CLI's own by default) -> every file to create or change, each formatted as the project's
 * `biome check --write` would leave it (by Biome itself, whether or not installed). `read` reads the files as the
 * generator wrote them (src/merge/ replays them), so the plan is the generator's side of a three-way merge with the
 * disk. Refuses (usage error) every bad input.
 */
export function planAddModel(
  project: Project,
  request: AddModelRequest,
  read: ReadFile,
  at: Date,
  templates: ReadTemplate = templateFile,
): AddModelPlan {
  const options = { template: project.template, database: project.database };
  const notices: string[] = [];
  const { model, records, addsModel } = nextRecords(project, request, notices);
  const format = projectFormatter(read("biome.json"));
  const before = emitAll(project.models, options, templates, format);
  const after = emitAll(records, options, templates, format);
  const create: EmittedFile[] = [];
  const change: FileChange[] = [];
  for (const [path, contents] of after) {
    const current = read(path);
    const previous = before.get(path);
    if (previous === contents) continue;
    if (current === undefined) create.push({ path, contents });
    else change.push({ path, before: current, after: contents });
  }
  const patch = (path: string, edit: (code: string) => string) => {
    const current = read(path);
    if (current === undefined)
      throw new ManualEditError(
        `${path} is missing: add-model registers models there; restore it from version control.`,
      );
    const edited = edit(current);
    // A file the patch leaves alone (the user made the edit already) is not reformatted either.
    change.push({ path, before: current, after: edited === current ? current : format(path, edited) });
  };
  if (addsModel) {
    const names = namesOf(model);
    // The module, as imported from src/modules.ts (drizzle-kit finds the table by its name: src/*/*.table.ts).
    const module = modelPaths({ names }).module.replace(/^src\//, "");
    patch(MODULE_LIST, (code) => addToModuleList(MODULE_LIST, code, `${names.pluralCamel}Module`, module));
    if (project.models.length === 0) patch(TEST_APP, (code) => spreadModelAdapters(TEST_APP, code));
    if (project.models.length === 0 && project.template === "graphql") patch(GRAPHQL_SERVER_PATH, addModelResolvers);
  }
  const readme = read("README.md");
  if (readme !== undefined) {
    const updated = updateSections(
      readme,
      readmeSections(project.models, options, templates),
      readmeSections(records, options, templates),
      README_SECTIONS,
    );
    if (updated !== readme) change.push({ path: "README.md", before: readme, after: updated });
  }
  const manifestText = read("scaffold.json") ?? "";
  const run = runRecord(request, at);
  const addModelRuns = [...recordedRuns(project.manifest), run];
  change.push({
    path: "scaffold.json",
    before: manifestText,
    after: `${stringifyJson({ ...project.manifest, models: records, addModelRuns })}\n`,
  });
  return {
    model,
    addsModel,
    create,
    change,
    inPlace: change.map(({ path }) => path).filter((path) => !after.has(path) && path !== "scaffold.json"),
    migration: addsModel ? `add_${namesOf(model).pluralSnake}` : null,
    notices,
    run,
  };
}
