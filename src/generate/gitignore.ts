/**
 * The subset of .gitignore patterns the initial commit understands: globs (`*`, `?`, `**`, `[...]`), a trailing `/`
 * (directories only), a leading or inner `/` (anchored to the file's folder), comments and blank lines. Negation
 * (`!`) and escapes (`\`) are not supported: `parseIgnore` returns null and the caller lets git itself commit.
 */
export interface IgnoreRule {
  regex: RegExp;
  /** Tested against the path relative to the rule's folder (true) or the last segment only (false). */
  anchored: boolean;
  dirOnly: boolean;
  /** Folder of the .gitignore, relative to the repository root ("" for the root), `/`-terminated. */
  base: string;
}

function globToRegex(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/";
      const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
      if (atStart && atEnd) {
        out += i + 2 === glob.length ? ".*" : "(?:.*/)?";
        i += 2;
        continue;
      }
    }
    if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) out += "\\[";
      else {
        const body = glob.slice(i + 1, end);
        out += `[${body.startsWith("!") ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return out;
}

/** The rules of one ignore file, or null when it uses a feature outside the supported subset. */
export function parseIgnore(text: string, base: string): IgnoreRule[] | null {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/ +$/, "");
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("!") || line.includes("\\")) return null;
    const dirOnly = line.endsWith("/");
    const body = dirOnly ? line.slice(0, -1) : line;
    const anchored = body.includes("/");
    const pattern = body.startsWith("/") ? body.slice(1) : body;
    rules.push({ regex: new RegExp(`^${globToRegex(pattern)}$`), anchored, dirOnly, base });
  }
  return rules;
}

/** Whether `path` (relative to the repository root, `/`-separated) is ignored by any rule in scope. */
export function isIgnored(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return rules.some((rule) => {
    if (rule.dirOnly && !isDir) return false;
    if (!path.startsWith(rule.base)) return false;
    return rule.regex.test(rule.anchored ? path.slice(rule.base.length) : name);
  });
}
