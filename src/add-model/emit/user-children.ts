import type { Related } from "../model.ts";
import { modelNames } from "../names.ts";
import { importLines } from "./imports.ts";
import { PLATFORM, resourceFile } from "./paths.ts";
import { liveChildChecks } from "./repository.ts";

export const USER_CHILDREN_PATH = "src/users/user-children.ts";

/**
 * `src/users/user-children.ts`, rewritten with every model that belongs to the template's users: the guard the
 * users' repository runs in a user's soft delete, under the user's lock.
 */
export function emitUserChildren(children: Related[]): string {
  const list = children.map((child) => child.names.pluralWords).join(" or ");
  return [
    ...importLines([
      { from: "drizzle-orm", names: ["and", "eq", "isNull"] },
      { from: `${PLATFORM}/database/dialect.ts`, names: ["AppDatabase"], typeOnly: true },
      { from: `${PLATFORM}/errors.ts`, names: ["conflict"] },
      ...children.map((child) => ({ from: resourceFile(child.names, "table"), names: [child.names.pluralCamel] })),
    ]),
    "",
    "/**",
    ` * CONFLICT while live ${list} point at user \`id\` (added by \`scaffold add-model\`). The users' repository runs it`,
    " * in the user's soft delete, after locking the user: a concurrent create under that user waits or is refused.",
    " */",
    "export async function guardUserChildren(tx: AppDatabase, id: number): Promise<void> {",
    ...liveChildChecks(modelNames("User"), children, "  "),
    "}",
    "",
  ].join("\n");
}
