/** npm's own limit on package names. */
const MAX_LENGTH = 214;
/** Names Windows cannot use for a directory, with or without an extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/;
const NPM_RESERVED = ["node_modules", "favicon.ico"];

/**
 * Why `name` cannot be a project name, or undefined when it can. A project name is a valid unscoped npm package
 * name that is also a safe directory name: lowercase letters, digits, `-`, `_` and `.`, starting with a letter or a
 * digit, at most 214 characters, no path separators, no `..`, not a reserved name.
 */
export function projectNameProblem(name: string): string | undefined {
  if (name.length === 0) return "the project name is empty";
  if (name.length > MAX_LENGTH) return `the project name is longer than ${MAX_LENGTH} characters`;
  if (name.includes("/") || name.includes("\\")) return "a project name cannot contain path separators (/ or \\)";
  if (name.includes("..")) return 'a project name cannot contain ".."';
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) {
    return 'use only lowercase letters, digits, "-", "_" and ".", starting with a letter or a digit';
  }
  if (name.endsWith(".")) return 'a project name cannot end with "."';
  if (NPM_RESERVED.includes(name) || WINDOWS_RESERVED.test(name)) return `"${name}" is a reserved name`;
  return undefined;
}
