import { type ImportSpec, importLines } from "../import-lines.ts";

const NAMED_IMPORT = /^import (type )?\{([^}]*)\} from "([^"]+)";\n/gm;

/** The code without its comments (a `//` right after `:` is a URL's, not a comment). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

/** Whether `name` is used in `code` as an identifier (not as a property: `a.name`; a spread `...name` is a use). */
function uses(code: string, name: string): boolean {
  for (const match of code.matchAll(new RegExp(`(?<![\\w$])${name.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = code.slice(Math.max(0, match.index - 3), match.index);
    if (!before.endsWith(".") || before.endsWith("...")) return true;
  }
  return false;
}

/**
 * A rendered file with the names it does not use left out of its named imports (and an import left empty removed),
 * laid out and ordered as Biome's organizer leaves them. A sample imports everything any of its variants uses.
 */
export function pruneImports(code: string): string {
  const specs: ImportSpec[] = [];
  let first = -1;
  const body = code.replace(NAMED_IMPORT, (_, typeOnly: string | undefined, names: string, from: string, offset) => {
    if (first < 0) first = offset;
    specs.push({
      from,
      typeOnly: typeOnly !== undefined,
      names: names
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    });
    return "";
  });
  if (first < 0) return code;
  const uncommented = withoutComments(body);
  const kept = specs
    .map((spec) => ({ ...spec, names: spec.names.filter((name) => uses(uncommented, name.replace(/^type /, ""))) }))
    .filter((spec) => spec.names.length > 0);
  const lines = importLines(kept);
  return `${body.slice(0, first)}${lines.map((line) => `${line}\n`).join("")}${body.slice(first)}`;
}
