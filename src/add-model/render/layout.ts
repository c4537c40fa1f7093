/** Biome's line width in the generated projects (biome.json). */
const LINE_WIDTH = 120;

/** An opening line ending in `[` or `(`; its items, one per line, each ending with a comma; the closing line. */
const BROKEN_LIST = /^( *)(\S.*[[(])\n((?:\1 {2}[^\n]*,\n)+)\1([\])])(.*)$/gm;

/** Whether an item's brackets (outside its strings) close within it and it is code, not a comment. */
function isBalanced(item: string): boolean {
  if (item.startsWith("//")) return false;
  let depth = 0;
  for (const char of item.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""')) {
    if ("([{".includes(char)) depth++;
    else if (")]}".includes(char) && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The text with each list written one item per line joined onto one line where it fits, as Biome lays out an array or
 * a call's arguments (a sample writes each item of a repeated list on a line of its own; Biome joins short ones).
 * A list whose item is a comment, or opens a bracket it does not close, stays as it is.
 */
function joinFittingLists(code: string): string {
  return code.replace(BROKEN_LIST, (list, indent: string, head: string, body: string, close: string, tail: string) => {
    const items = body
      .trimEnd()
      .split("\n")
      .map((line) => line.trim().replace(/,$/, ""));
    if (head.endsWith("[") !== (close === "]") || !items.every(isBalanced)) return list;
    const joined = `${indent}${head}${items.join(", ")}${close}${tail}`;
    return joined.length <= LINE_WIDTH ? joined : list;
  });
}

/**
 * A rendered file laid out as Biome would leave it where a sample's repeated parts cannot say it themselves: short
 * lists joined, an inline list's trailing comma dropped (`{ a: 1, }`), no blank line before a closing brace.
 */
export const layOutAsBiome = (code: string): string =>
  joinFittingLists(code)
    .replace(/, \}/g, " }")
    .replace(/\n\n( *\}\)?;?\n)/g, "\n$1");
