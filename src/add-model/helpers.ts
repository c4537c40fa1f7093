import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Database } from "../generate/choices.ts";
import { repositoryTemplates } from "../generate/template-source.ts";
import { addDeclarations } from "./declarations.ts";

/**
 * The project files holding helpers that a fresh project carries only when it calls them, and where add-model copies
 * each from (a file of the template tree): the references of `full`'s tables, and the dialect's column types and units
 * of work.
 */
const HELPER_FILES = [
  {
    path: "src/platform/database/references.ts",
    source: (db: Database) => `layers/full-${db}/src/platform/database/references.ts`,
  },
  // Last: what the others add may use the dialect's helpers.
  { path: "src/platform/database/dialect.ts", source: (db: Database) => `snippets/${db}/dialect-helpers.ts` },
];

/** A file of the templates this CLI carries (embedded in the binary; the repository's templates/ from source). */
export function templateFile(path: string): string {
  const embedded = globalThis.__SCAFFOLD_TEMPLATES__?.files[path]?.contents;
  return embedded ?? readFileSync(join(repositoryTemplates(), path), "utf8");
}

/** The names `code` imports from a module whose path ends with `file`. */
function importedFrom(code: string, file: string): string[] {
  const pattern = new RegExp(`^import (?:type )?\\{([^}]*)\\} from "[^"]*/${file.replace(".", "\\.")}";`, "gm");
  return [...code.matchAll(pattern)].flatMap((match) =>
    (match[1] as string)
      .split(",")
      .map((name) => name.trim().replace(/^type /, ""))
      .filter((name) => name !== ""),
  );
}

/**
 * Each helper file that `files` (the texts add-model writes) import something from that it does not declare yet,
 * with those declarations added (`before` undefined: the file is new).
 */
export function helperChanges(
  files: Iterable<string>,
  database: Database,
  read: (path: string) => string | undefined,
): Array<{ path: string; before: string | undefined; after: string }> {
  const texts = [...files];
  const changes: Array<{ path: string; before: string | undefined; after: string }> = [];
  for (const { path, source } of HELPER_FILES) {
    const file = path.split("/").at(-1) as string;
    const names = [...new Set(texts.flatMap((code) => importedFrom(code, file)))];
    if (names.length === 0) continue;
    const before = read(path);
    const after = addDeclarations(before, templateFile(source(database)), names, `./${file}`);
    if (after === (before ?? "")) continue;
    changes.push({ path, before, after });
    texts.push(after);
  }
  return changes;
}
