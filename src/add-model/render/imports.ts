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
 * A rendered file with the names it does not use left out of its named imports, and an import left empty removed
 * (a sample imports everything any of its variants uses). An import left with types only becomes `import type`, as
 * the linter asks. Order and layout are left to Biome's organizer and formatter.
 */
export function pruneImports(code: string): string {
  const body = withoutComments(code.replace(NAMED_IMPORT, ""));
  return code.replace(NAMED_IMPORT, (_, typeOnly: string | undefined, list: string, from: string) => {
    const names = list
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "" && uses(body, name.replace(/^type /, "")));
    if (names.length === 0) return "";
    const allTypes = typeOnly !== undefined || names.every((name) => name.startsWith("type "));
    const spelled = allTypes ? names.map((name) => name.replace(/^type /, "")) : names;
    return `import ${allTypes ? "type " : ""}{ ${spelled.join(", ")} } from "${from}";\n`;
  });
}
