/** GraphQL names of a resource, from its model name (the table name unless `name` is set): `book_tags` -> BookTag. */
import type { ResourceModel } from "../model.ts";

export interface GraphqlNames {
  /** Object type, e.g. `BookTag`. */
  readonly type: string;
  /** Single-row query, e.g. `bookTag`. */
  readonly one: string;
  /** List query, e.g. `bookTags`. */
  readonly many: string;
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function singular(word: string): string {
  if (/[^aeiou]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^s]s$/.test(word)) return word.slice(0, -1);
  return word;
}

function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export function pascal(name: string): string {
  return words(name).map(capital).join("");
}

export function camel(name: string): string {
  const pascalName = pascal(name);
  return pascalName.charAt(0).toLowerCase() + pascalName.slice(1);
}

/** The last word carries the number: `book_tags` -> bookTag / bookTags; a singular name gets a plural list name. */
export function graphqlNames(model: ResourceModel): GraphqlNames {
  const parts = words(model.name);
  if (parts.length === 0) throw new Error(`resource '${model.name}': its name gives no GraphQL name`);
  const last = parts.length - 1;
  const one = parts.map((word, i) => (i === last ? singular(word) : word));
  const oneName = camel(one.join(" "));
  let many = camel(parts.join(" "));
  if (many === oneName) many = camel(one.map((word, i) => (i === last ? plural(word) : word)).join(" "));
  if (/^\d/.test(oneName)) throw new Error(`resource '${model.name}': a GraphQL name cannot start with a digit`);
  return { type: capital(oneName), one: oneName, many };
}
