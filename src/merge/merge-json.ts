type Json = { [key: string]: unknown };
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** JSON text with object keys in a fixed order, to compare values whatever their key order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner) =>
    isObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1))) : inner,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const isSorted = (keys: string[]) => keys.every((key, i) => i === 0 || (keys[i - 1] as string) <= key);

/**
 * `ours` with the changes from `base` to `theirs`, key by key; `conflicts` gets the path of every key both changed
 * (ours is kept there). New keys go after the key they follow in `theirs` (or in order, in an object kept sorted, as
 * npm keeps dependencies).
 */
function mergeObject(ours: Json, base: Json, theirs: Json, at: string, conflicts: string[]): Json {
  const merged: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(ours)) {
    const path = `${at}${at ? "." : ""}${key}`;
    const [was, now] = [base[key], theirs[key]];
    if (!(key in theirs) && key in base) {
      // Removed by the templates: gone, unless the project changed it.
      if (same(value, was)) continue;
      conflicts.push(path);
      merged.push([key, value]);
    } else if (isObject(value) && isObject(now)) {
      merged.push([key, mergeObject(value, isObject(was) ? was : {}, now, path, conflicts)]);
    } else if (same(now, was) || same(value, now)) {
      merged.push([key, value]);
    } else if (same(value, was) || !(key in base)) {
      if (key in base) merged.push([key, now]);
      else {
        // Both added the key, with other values: the project's stays.
        conflicts.push(path);
        merged.push([key, value]);
      }
    } else {
      conflicts.push(path);
      merged.push([key, value]);
    }
  }
  const sorted = isSorted(Object.keys(ours));
  const theirKeys = Object.keys(theirs);
  for (const [index, key] of theirKeys.entries()) {
    if (key in ours || key in base) continue; // kept above, or removed by the project
    const entry: [string, unknown] = [key, theirs[key]];
    if (sorted) {
      const at = merged.findIndex(([other]) => other > key);
      merged.splice(at === -1 ? merged.length : at, 0, entry);
    } else {
      const previous = theirKeys.slice(0, index).findLast((other) => merged.some(([name]) => name === other));
      merged.splice(previous === undefined ? 0 : merged.findIndex(([name]) => name === previous) + 1, 0, entry);
    }
  }
  return Object.fromEntries(merged);
}

/** The indentation of the project's JSON file (two spaces when it has no indented line). */
function indentOf(text: string): string | number {
  const match = /\n([ \t]+)\S/.exec(text);
  return match ? (match[1] as string) : 2;
}

/**
 * A three-way merge of a JSON file (`package.json`, `scaffold.json`) key by key, written in the project's own
 * indentation. `conflicts` names each key both sides changed (the project's value is kept there).
 */
export function mergeJsonKeys(ours: string, base: string, theirs: string): { contents: string; conflicts: string[] } {
  const conflicts: string[] = [];
  const merged = mergeObject(JSON.parse(ours), JSON.parse(base), JSON.parse(theirs), "", conflicts);
  const newline = ours.endsWith("\n") ? "\n" : "";
  return { contents: `${JSON.stringify(merged, null, indentOf(ours))}${newline}`, conflicts };
}
