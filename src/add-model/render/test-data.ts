import type { Field } from "../field-spec.ts";
import type { EmitContext } from "../model.ts";

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
