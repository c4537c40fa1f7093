import { usageError } from "../generate/errors.ts";
import { type ModelRecord, type ModelTemplate, namesOf, templateUser } from "./model.ts";
import { modelNames } from "./names.ts";

/** The operations the REST templates have besides their models': health, and `full`'s sign-in. */
const TEMPLATE_OPERATIONS: Record<Exclude<ModelTemplate, "graphql">, string[]> = {
  full: ["getHealth", "getLiveness", "getReadiness", "register", "login", "refresh"],
  minimal: ["getHealth", "getLiveness", "getReadiness"],
};

/**
 * A model's REST operationIds, as templates/resource/stock-items.routes.ts names them: its own five (no create for a
 * model without that route) and, per parent, the nested list and create (`listCategoryProducts`).
 */
export function operationIds(record: ModelRecord): string[] {
  const { pascal, pluralPascal } = namesOf(record);
  const own = [`list${pluralPascal}`, `get${pascal}`, `replace${pascal}`, `delete${pascal}`];
  if (record.createRoute !== false) own.push(`create${pascal}`);
  const nested = record.belongsTo.flatMap((parent) => {
    const parentName = modelNames(parent).pascal;
    return [`list${parentName}${pluralPascal}`, `create${parentName}${pascal}`];
  });
  return [...own, ...nested];
}

/**
 * Refuses a model whose operations would share an operationId with another's (`CategoryProduct`'s create and the
 * create of a `Product` under a `Category`; a model named `Liveness`): generated clients name their functions after
 * them, so the document must keep them unique.
 */
export function checkOperationIds(model: ModelRecord, others: readonly ModelRecord[], template: ModelTemplate): void {
  if (template === "graphql") return;
  const taken = new Map<string, string>();
  for (const id of TEMPLATE_OPERATIONS[template]) taken.set(id, `the ${template} template`);
  for (const record of [templateUser(template).record, ...others]) {
    for (const id of operationIds(record)) taken.set(id, `model ${record.name}`);
  }
  const clash = operationIds(model).find((id) => taken.has(id));
  if (clash) {
    throw usageError(
      `Model ${model.name}: its operation ${clash} would have the id of one of ${taken.get(clash)}'s in the OpenAPI document; choose another name or --plural.`,
    );
  }
}
