import type { Database } from "../../generate/choices.ts";
import { emitContext, type ModelRecord, namesOf, type Related, templateUser } from "../model.ts";
import { type EmittedFile, emitModelFiles } from "./model-files.ts";
import type { ReadTemplate } from "./resource.ts";

/** The templates whose users are rendered from the sample resource (`full`'s are its own, with authentication). */
const RENDERED_USER_TEMPLATES = ["minimal", "graphql"] as const;
type RenderedUserTemplate = (typeof RENDERED_USER_TEMPLATES)[number];

export const rendersUsers = (template: string): template is RenderedUserTemplate =>
  (RENDERED_USER_TEMPLATES as readonly string[]).includes(template);

/**
 * The template's users, `src/users/`, rendered from the sample like any model's folder: the template's User
 * (src/add-model/model.ts) with the project's added models (`records`) that belong to it as its children. `scaffold
 * new` renders them with no model; add-model again whenever the users' children change.
 */
export function templateUserFiles(
  records: readonly ModelRecord[],
  project: { template: RenderedUserTemplate; database: Database },
  read?: ReadTemplate,
): EmittedFile[] {
  const user = templateUser(project.template);
  const context = { ...emitContext(user.record, [...records, user.record], project), templateUser: true as const };
  const all: Related[] = records.map((record) => ({ record, names: namesOf(record) }));
  return emitModelFiles(context, all, read);
}
