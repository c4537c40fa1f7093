import type { Database } from "../../generate/choices.ts";
import { emitContext, type ModelRecord, type ModelTemplate, namesOf, type Related, templateUser } from "../model.ts";
import { type EmittedFile, emitModelFiles, modelPaths } from "./model-files.ts";
import type { ReadTemplate } from "./resource.ts";

/**
 * full's users' routes test stays the template's own (layers/full/): its users sign up through auth rather than a
 * POST of the resource, and it checks what auth adds to their routes (the tokens, self or administrator). The
 * sample's contract walk creates through that POST too, so full's users have none.
 */
const fullUser = modelPaths({ names: templateUser("full").names });
const FULL_OWN = [fullUser.routesTest, fullUser.routesContractTest];

/**
 * The template's users, `src/users/`, rendered from the sample like any model's folder: the template's User
 * (src/add-model/model.ts) with the project's added models (`records`) that belong to it as its children. `scaffold
 * new` renders them with no model; add-model again whenever the users' children change.
 */
export function templateUserFiles(
  records: readonly ModelRecord[],
  project: { template: ModelTemplate; database: Database },
  read?: ReadTemplate,
): EmittedFile[] {
  const user = templateUser(project.template);
  const context = { ...emitContext(user.record, [...records, user.record], project), templateUser: true as const };
  const all: Related[] = records.map((record) => ({ record, names: namesOf(record) }));
  const files = emitModelFiles(context, all, read);
  return project.template === "full" ? files.filter((file) => !FULL_OWN.includes(file.path)) : files;
}
