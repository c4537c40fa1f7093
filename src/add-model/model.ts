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
  /** GraphQL: a create and an update input type (`CreateUserInput`, `UpdateUserInput`) instead of one (`UserInput`). */
  separateInputs?: true;
  /**
   * false: the API has no create (no POST route, no service `create`); something else creates the rows (`full`'s
   * users register through auth). Absent for every added model.
   */
  createRoute?: false;
}

/** The templates whose resources add-model emits: REST routes (`full`, `minimal`) or GraphQL resolvers. */
export type ModelTemplate = "full" | "minimal" | "graphql";

export interface Related {
  record: ModelRecord;
  names: ModelNames;
  /** The template's own users (`--belongs-to User`): rendered by `scaffold new`, again by add-model with their children. */
  templateUser?: true;
}

/** The name of the template's model that added models may belong to. */
export const USER = "User";

const USER_RECORD: Omit<ModelRecord, "fields"> = {
  name: USER,
  plural: null,
  belongsTo: [],
  hasMany: [],
  public: false,
};

const field = (name: string, notNull: boolean, options: Partial<Field> = {}): Field => ({
  name,
  type: "string",
  notNull,
  unique: false,
  index: false,
  ...options,
});

/**
 * The template's users as a parent: the same paths and names as an added model's (`src/users/user.ts`,
 * `users.table.ts`, `userRepository(db)`, `users.schemas.ts`), and the stored fields a test creates one with.
 */
export function templateUser(template: ModelTemplate): Related {
  const email = field("email", true, { unique: true, format: "email", takenMessage: "E-mail already in use" });
  const record: ModelRecord =
    template === "full"
      ? {
          ...USER_RECORD,
          fields: [email, field("password_hash", true, { hidden: true })],
          // Users register through auth (src/auth/), which stores the password's hash.
          createRoute: false,
        }
      : { ...USER_RECORD, fields: [email, field("name", false, { maxLength: 100, example: "Ada Lovelace" })] };
  // graphql's users keep the contract they had before they were rendered: CreateUserInput and UpdateUserInput.
  if (template === "graphql") record.separateInputs = true;
  return { record, names: modelNames(USER), templateUser: true };
}

/** What one model's files are emitted from: the model, its relations resolved, and the project's choices. */
export interface EmitContext extends Related {
  template: ModelTemplate;
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
  project: { template: ModelTemplate; database: Database },
): EmitContext {
  const related = (name: string): Related => {
    const found = all.find((model) => model.name === name);
    if (!found && name === USER) return templateUser(project.template);
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
