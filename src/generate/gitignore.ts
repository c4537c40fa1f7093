/**
 * The subset of .gitignore patterns the initial commit understands: globs (`*`, `?`, `**`, `[...]`), a trailing `/`
 * (directories only), a leading or inner `/` (anchored to the file's folder), comments and blank lines. Negation
 * (`!`) and escapes (`\`) are not supported: `parseIgnore` returns null and the caller lets git itself commit.
 */
export interface IgnoreRule {
  /** Regular expression source matched against the whole path (relative to the repository root). */
  source: string;
  dirOnly: boolean;
}

/** All rules in scope as two regular expressions (one test per path, however many rules). */
export interface IgnoreMatcher {
  files: RegExp | null;
  dirs: RegExp | null;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

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
    } else out += escapeRegex(c);
  }
  return out;
}

/**
 * The rules of one ignore file in folder `base` ("" for the root, else `/`-terminated), or null when it uses a
 * feature outside the supported subset. A pattern with a `/` is relative to `base`; one without matches a name at
 * any depth below it.
 */
export function parseIgnore(text: string, base: string): IgnoreRule[] | null {
  const rules: IgnoreRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/ +$/, "");
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("!") || line.includes("\\")) return null;
    const dirOnly = line.endsWith("/");
    const body = dirOnly ? line.slice(0, -1) : line;
    const anchored = body.includes("/");
    const pattern = globToRegex(body.startsWith("/") ? body.slice(1) : body);
    rules.push({ source: `${escapeRegex(base)}${anchored ? "" : "(?:.*/)?"}${pattern}`, dirOnly });
  }
  return rules;
}

const combine = (rules: readonly IgnoreRule[]) =>
  rules.length ? new RegExp(`^(?:${rules.map((rule) => rule.source).join("|")})$`) : null;

export function ignoreMatcher(rules: readonly IgnoreRule[]): IgnoreMatcher {
  return { files: combine(rules.filter((rule) => !rule.dirOnly)), dirs: combine(rules) };
}

/** Whether `path` (relative to the repository root, `/`-separated) is ignored by the rules in scope. */
export function isIgnored(matcher: IgnoreMatcher, path: string, isDir: boolean): boolean {
  return (isDir ? matcher.dirs : matcher.files)?.test(path) ?? false;
}
