import type { Field } from "../field-spec.ts";
import { propertyName } from "../field-spec.ts";
import { type EmitContext, type Related, templateUser, USER } from "../model.ts";
import { fieldWords, indefiniteArticle, type ModelNames, toPascal } from "../names.ts";
import { SAMPLE_CHILD, SAMPLE_FIELDS, SAMPLE_MODEL, SAMPLE_OPTIONS, SAMPLE_PARENT } from "./sample.ts";
import type { Scope } from "./template.ts";
import { bodyKeys, prerequisites, typoOf } from "./test-data.ts";

type Forms = Array<[sample: string, target: string]>;

/** Every spelling of a model's name in the sample, with the same spelling of `target`'s. */
function modelForms(sample: ModelNames, target: ModelNames): Forms {
  const forms: Forms = Object.keys(sample).map((key) => [
    sample[key as keyof ModelNames],
    target[key as keyof ModelNames],
  ]);
  // The article goes with the words: "a stock item" is "an item".
  const withArticle = (names: ModelNames) => `${indefiniteArticle(names.words)} ${names.words}`;
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
  forms.push([withArticle(sample), withArticle(target)], [capital(withArticle(sample)), capital(withArticle(target))]);
  // Constants: `STOCK_ITEM_RELATIONS`.
  forms.push([sample.snake.toUpperCase(), target.snake.toUpperCase()]);
  forms.push([sample.pluralSnake.toUpperCase(), target.pluralSnake.toUpperCase()]);
  return forms;
}

/** A field's spellings: `display_name` (JSON, SQL), `displayName`, `DisplayName`, `display name`, `DISPLAY_NAME`. */
function fieldSpellings(name: string): string[] {
  const words = fieldWords(name);
  return [name, propertyName({ name }), toPascal(words), name.replace(/_/g, " "), name.toUpperCase()];
}

/** Every sample field's spellings, each with the same spelling of `field`'s name, and its options' sample values. */
function fieldForms(field: Field): Forms {
  const target = fieldSpellings(field.name);
  const options = (Object.keys(SAMPLE_OPTIONS) as Array<keyof typeof SAMPLE_OPTIONS>)
    .filter((option) => field[option] !== undefined)
    .map((option): [string, string] => [SAMPLE_OPTIONS[option], String(field[option])]);
  return [
    ...SAMPLE_FIELDS.flatMap((sample) =>
      fieldSpellings(sample.name).map((form, i): [string, string] => [form, target[i] as string]),
    ),
    ...options,
  ];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

class TemplateScope implements Scope {
  readonly #outer: TemplateScope | null;
  readonly #flags: Record<string, boolean>;
  readonly #lists: Record<string, () => Scope[]>;
  readonly #forms: Map<string, string>;
  #pattern: RegExp | null = null;

  constructor(
    outer: TemplateScope | null,
    flags: Record<string, boolean>,
    lists: Record<string, () => Scope[]>,
    forms: Forms,
  ) {
    this.#outer = outer;
    this.#flags = flags;
    this.#lists = lists;
    // An inner scope's spelling of a sample name wins over an outer one's.
    this.#forms = new Map([...(outer ? outer.#forms : []), ...forms]);
  }

  flag(name: string): boolean {
    const value = this.#flags[name] ?? this.#outer?.flag(name);
    if (value === undefined) throw new Error(`unknown template flag "${name}"`);
    return value;
  }

  items(list: string): Scope[] {
    const items = this.#lists[list] ?? (() => this.#outer?.items(list));
    const scopes = items();
    if (!scopes) throw new Error(`unknown template list "${list}"`);
    return scopes;
  }

  /** One pass over the text, longest sample spelling first, so a replaced name is never replaced again. */
  write(text: string): string {
    this.#pattern ??= new RegExp(
      [...this.#forms.keys()]
        .sort((a, b) => b.length - a.length)
        .map(escapeRegExp)
        .join("|"),
      "g",
    );
    return text.replace(this.#pattern, (form) => this.#forms.get(form) as string);
  }

  /** The scopes of `values`, each with `first` and `last` set. */
  static list<T>(values: readonly T[], scope: (value: T, position: Record<string, boolean>) => Scope): Scope[] {
    return values.map((value, i) => scope(value, { first: i === 0, last: i === values.length - 1 }));
  }
}

const FIELD_FLAGS = (field: Field): Record<string, boolean> => ({
  string: field.type === "string",
  int: field.type === "int",
  uint: field.type === "uint",
  float64: field.type === "float64",
  bool: field.type === "bool",
  time: field.type === "time",
  integer: field.type === "int" || field.type === "uint",
  number: field.type === "int" || field.type === "uint" || field.type === "float64",
  notNull: field.notNull,
  nullable: !field.notNull,
  unique: field.unique,
  index: field.index,
  email: field.format === "email",
  maxLength: field.maxLength !== undefined,
  example: field.example !== undefined,
  hidden: field.hidden === true,
});

/**
 * The scope of a resource's templates: the model's names in place of the sample's (`StockItem`), its fields in
 * `@each field` (`display_name` …), its parents in `@each parent` (`StorageBin`), and the models belonging to it in
 * `@each child` and `@each hasMany` (`SupplyOrder`). Flags: the project's template and database, the model's
 * relations, and each item's own (a field's type and modifiers, `first`, `last`).
 */
export function resourceScope(context: EmitContext, all: readonly Related[]): Scope {
  const related = (name: string): Related => {
    const found = all.find((model) => model.record.name === name);
    if (found) return found;
    if (name === USER) return templateUser(context.template);
    throw new Error(`model ${name} is not recorded`);
  };
  const needed = prerequisites(context, all);

  // A model in the scope of `outer`: the resource itself, or a parent or child spelled as the sample's.
  const modelScope = (
    outer: TemplateScope | null,
    model: Related,
    sample: ModelNames,
    position: Record<string, boolean>,
  ): TemplateScope => {
    const { record } = model;
    let scope: TemplateScope;
    const fields = (values: Field[]) => () =>
      TemplateScope.list(
        values,
        (field, at) => new TemplateScope(scope, { ...FIELD_FLAGS(field), ...at }, {}, fieldForms(field)),
      );
    const models = (values: Related[], as: ModelNames) => () =>
      TemplateScope.list(values, (value, at) => modelScope(scope, value, as, at));
    scope = new TemplateScope(
      outer,
      {
        ...position,
        public: record.public,
        createRoute: record.createRoute !== false,
        hiddenFields: record.fields.some((field) => field.hidden),
        parents: record.belongsTo.length > 0,
        uniqueFields: record.fields.some((field) => field.unique),
        // One message for the model's CONFLICT: its only unique field's own (otherwise the generic one names them).
        takenMessage:
          record.fields.filter((field) => field.unique).length === 1 &&
          record.fields.some((field) => field.unique && field.takenMessage !== undefined),
        emailFields: record.fields.some((field) => field.format === "email"),
        maxLengthFields: record.fields.some((field) => field.maxLength !== undefined),
        nullableFields: record.fields.some((field) => !field.notNull),
        notNullFields: record.fields.some((field) => field.notNull),
        indexedFields: record.fields.some((field) => field.index),
        uintFields: record.fields.some((field) => field.type === "uint"),
        timeFields: record.fields.some((field) => field.type === "time"),
        userParent: record.belongsTo.includes(USER),
        templateUser: model.templateUser === true,
        self: model.names.pascal === context.names.pascal,
        listsSelf: record.hasMany.includes(context.names.pascal),
        stringFields: record.fields.some((field) => field.type === "string"),
        separateInputs: record.separateInputs === true,
      },
      {
        // A hidden field is stored only: `@each stored` walks it too (the table, the repository's input).
        field: fields(record.fields.filter((field) => !field.hidden)),
        stored: fields(record.fields),
        hidden: fields(record.fields.filter((field) => field.hidden)),
        unique: fields(record.fields.filter((field) => field.unique)),
        parent: models(record.belongsTo.map(related), SAMPLE_PARENT),
        // GraphQL's input types: one for create and update, or each its own (`create`, `update`).
        input: () =>
          TemplateScope.list(record.separateInputs ? ["create", "update"] : ["both"], (kind, at) => {
            const flags = { create: kind !== "update", update: kind !== "create", ...at };
            return new TemplateScope(scope, flags, {}, []);
          }),
        // The resource's own relations, resolved by the context.
        ...(model === context && {
          child: models(context.children, SAMPLE_CHILD),
          hasMany: models(context.hasMany, SAMPLE_CHILD),
          prerequisite: models(needed, SAMPLE_PARENT),
          // The models a test stores through their repositories: the parents and the children, each once.
          related: models(
            [...context.parents, ...context.children].filter(
              (model, i, list) => list.findIndex((other) => other.names.pascal === model.names.pascal) === i,
            ),
            SAMPLE_PARENT,
          ),
          bodyKey: fields(bodyKeys(context)),
          typo: () => [new TemplateScope(scope, {}, {}, [[typoOf(SAMPLE_FIELDS), typoOf(record.fields)]])],
        }),
      },
      modelForms(sample, model.names),
    );
    return scope;
  };

  const project = new TemplateScope(
    null,
    {
      full: context.template === "full",
      minimal: context.template === "minimal",
      graphql: context.template === "graphql",
      rest: context.template !== "graphql",
      postgres: context.database === "postgres",
      mysql: context.database === "mysql",
      sqlite: context.database === "sqlite",
      children: context.children.length > 0,
      // The project has models add-model added (test/support/model-adapters.ts): the template's users may have none.
      modelAdapters: all.length > 0,
      hasMany: context.hasMany.length > 0,
      include: context.template !== "graphql" && context.parents.length + context.hasMany.length > 0,
      protected: context.template === "full" && !context.record.public,
      prerequisites: needed.length > 0,
      ids: context.parents.length > 0,
    },
    {},
    [],
  );
  return modelScope(project, context, SAMPLE_MODEL, { first: true, last: true });
}
