import { usageError } from "../generate/errors.ts";

/** Every spelling of a model's name the emitted code needs, derived once from the PascalCase name. */
export interface ModelNames {
  /** `BlogPost`: types, classes. */
  pascal: string;
  /** `blogPost`: variables. */
  camel: string;
  /** `blog-post`: file names of the singular files (domain, port, service). */
  kebab: string;
  /** `blog_post`: JSON and SQL names (`blog_post_id`). */
  snake: string;
  /** `BlogPosts`, `blogPosts`, `blog-posts` (file names, routes), `blog_posts` (table). */
  pluralPascal: string;
  pluralCamel: string;
  pluralKebab: string;
  pluralSnake: string;
  /** `blog post`, `blog posts`: messages and summaries. */
  words: string;
  pluralWords: string;
}

const PASCAL = /^[A-Z][a-zA-Z0-9]+$/;

/** Words of a PascalCase or camelCase name: `BlogPost2` -> ["blog", "post2"]. */
export const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(" ");

/** Words of a snake_case or camelCase field name: `released_at`, `releasedAt` -> ["released", "at"]. */
export const fieldWords = (name: string): string[] =>
  words(name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export const toCamel = (parts: string[]): string =>
  parts.map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join("");
export const toPascal = (parts: string[]): string =>
  parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("");

/**
 * The English plural of the last word: `s`; a consonant then `y` -> `ies`; `s`, `x`, `z`, `ch`, `sh` -> `es`.
 * Irregular plurals (person, child) are not handled: `--plural` overrides (docs/add-model.md).
 */
export function pluralize(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/**
 * "a" or "an" before `words` (lower case), by the spelling of the first letter: "an" before a, e, i, o, and before a
 * `u` not read "you" (`an umbrella`, but `a user`, `a unit`).
 */
export function indefiniteArticle(words: string): "a" | "an" {
  if (/^[aeio]/.test(words)) return "an";
  return /^u/.test(words) && !/^u(ni|s|ti|bi)/.test(words) ? "an" : "a";
}

/** JavaScript keywords: no class, variable or field may be named so. */
const JS_KEYWORDS = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await async of type any boolean " +
    "number string symbol object undefined never unknown"
  ).split(" "),
);

/** Globals a model class would shadow, and SQL keywords a table name should not be. */
const GLOBALS_AND_SQL = new Set(
  (
    "array date error map set promise json math record response request function " +
    "select insert update delete from where table column index order group by having limit offset join union all " +
    "key primary foreign references constraint check values default null not and or as on to into " +
    "create drop alter grant revoke role session transaction"
  ).split(" "),
);

/** Names the emitted code gives its own variables, modules and routes: a model so named would collide with them. */
const GENERATED_NAMES = new Set(
  (
    "success router common include list get update remove fields live reads instances page input body parent child " +
    "result deps clock module modules app call health auth apidocs"
  ).split(" "),
);

/** A JavaScript keyword (fields: their property name). */
export const isKeyword = (word: string): boolean => JS_KEYWORDS.has(word);

/** Members every JavaScript object has (`constructor`, `toString`, `__proto__`): a field so named reads as inherited. */
export const isObjectMember = (word: string): boolean => Object.getOwnPropertyNames(Object.prototype).includes(word);

/** Why a model name or its plural (camelCase) cannot be used, or undefined. */
function reservedReason(word: string): string | undefined {
  const lower = word.toLowerCase();
  if (JS_KEYWORDS.has(lower) || GLOBALS_AND_SQL.has(lower)) return "a reserved word in JavaScript or SQL";
  if (GENERATED_NAMES.has(lower)) return "a name the generated code already uses for its own variables and modules";
  if (isObjectMember(word)) return "a member of every JavaScript object";
  return undefined;
}

/** The reverse of pluralize, for a suggestion: `categories` -> `category`, `boxes` -> `box`, `users` -> `user`. */
const singularize = (word: string): string =>
  word
    .replace(/([^aeiou])ies$/, "$1y")
    .replace(/(s|x|z|ch|sh)es$/, "$1")
    .replace(/([^s])s$/, "$1");

/**
 * The last word ends in a single `s` as English plurals do (`users`; not `address`, `status`, `analysis`, `canvas`):
 * the plural would then be `userses`.
 */
const looksPlural = (word: string): boolean => /[^suia]s$/.test(word);

/** The names of a model, or a usage error naming what is wrong with it. */
export function modelNames(name: string, plural?: string): ModelNames {
  if (!PASCAL.test(name)) {
    throw usageError(
      `Model name "${name}" must be PascalCase (a capital letter, then at least one more letter or digit: BlogPost).`,
    );
  }
  const parts = words(name);
  const reason = reservedReason(name) ?? reservedReason(toCamel(parts));
  if (reason) throw usageError(`Model name "${name}" is ${reason}: choose another name.`);
  let pluralParts: string[];
  if (plural === undefined) {
    const last = parts.at(-1) ?? "";
    pluralParts = [...parts.slice(0, -1), pluralize(last)];
    if (looksPlural(last)) {
      const singular = toPascal([...parts.slice(0, -1), singularize(last)]);
      throw usageError(
        `Model name "${name}" looks plural (its routes would be /api/v1/${pluralParts.join("-")}): name one item, ${singular}, or, for a singular name, give its plural with --plural.`,
      );
    }
  } else {
    if (!/^[a-zA-Z][a-zA-Z0-9]*$/.test(plural) && !/^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*$/.test(plural)) {
      throw usageError(
        `--plural "${plural}" must be a word of letters and digits (camelCase, snake_case or kebab-case).`,
      );
    }
    pluralParts = fieldWords(plural.replace(/-/g, "_"));
    if (pluralParts.join("") === parts.join("")) {
      throw usageError(`--plural "${plural}" must differ from the model name (routes and files would collide).`);
    }
  }
  const pluralReason = reservedReason(toCamel(pluralParts));
  if (pluralReason) throw usageError(`The plural "${toCamel(pluralParts)}" is ${pluralReason}: pass another --plural.`);
  return {
    pascal: name,
    camel: toCamel(parts),
    kebab: parts.join("-"),
    snake: parts.join("_"),
    pluralPascal: toPascal(pluralParts),
    pluralCamel: toCamel(pluralParts),
    pluralKebab: pluralParts.join("-"),
    pluralSnake: pluralParts.join("_"),
    words: parts.join(" "),
    pluralWords: pluralParts.join(" "),
  };
}
