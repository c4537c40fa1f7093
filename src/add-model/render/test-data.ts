import type { Field } from "../field-spec.ts";
import { type EmitContext, type Related, templateUser, USER } from "../model.ts";

/**
 * The models a test of `context` creates over HTTP before its own rows: its parents (theirs first) and its children's
 * other parents, the template's User first when any of them belongs to it.
 */
export function prerequisites(context: EmitContext, all: readonly Related[]): Related[] {
  const needed = new Map<string, Related>();
  let needsUser = false;
  const need = (model: Related) => {
    for (const parent of model.record.belongsTo) {
      needsUser ||= parent === USER;
      const found = all.find((other) => other.record.name === parent);
      if (found && !needed.has(parent)) {
        need(found);
        needed.set(parent, found);
      }
    }
  };
  need(context);
  for (const child of context.children) need(child);
  needed.delete(context.record.name);
  // The template's users need no user of their own first (a child of theirs belongs to the user under test).
  const userFirst = needsUser && context.record.name !== USER;
  return [...(userFirst ? [templateUser(context.template)] : []), ...needed.values()];
}

/** Every key of a body, sorted: the fields and each parent's `<parent>_id` (a required id). */
export function bodyKeys(context: EmitContext): Field[] {
  const references = context.parents.map(
    (parent): Field => ({
      name: `${parent.names.snake}_id`,
      type: "uint",
      notNull: true,
      unique: false,
      index: false,
    }),
  );
  return [...context.record.fields, ...references].sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** A misspelling of the first field (its last two letters swapped) that names no field: the key a test sends as a typo. */
export function typoOf(fields: readonly Field[]): string {
  const names = fields.map((field) => field.name);
  const first = names[0] ?? "name";
  let typo = first.length > 1 ? `${first.slice(0, -2)}${first.at(-1)}${first.at(-2)}` : `${first}s`;
  while (typo === first || names.includes(typo)) typo = `${typo}s`;
  return typo;
}
