import { parseModule } from "magicast";
import { ScaffoldError } from "../generate/errors.ts";
import { compareSources, rank } from "./import-lines.ts";

/** A registry edit that could not be made: the message names the file and the exact edit to make by hand. */
export class ManualEditError extends ScaffoldError {}

export function manual(path: string, why: string, edit: string): ManualEditError {
  return new ManualEditError(
    `${path} ${why}, so add-model cannot edit it (nothing was written). Make this edit by hand, then run add-model again:\n${edit}`,
  );
}

interface Node {
  type: string;
  start?: number | null;
  end?: number | null;
  [key: string]: unknown;
}

/** The imports at the top of a file, one per line, merged into the order Biome's organizer keeps. */
export function sortImportBlock(code: string, added: string): string {
  const lines = code.split("\n");
  const imports: string[] = [];
  let index = 0;
  // The leading imports (and blank lines between them); a multi-line import stops the merge.
  while (
    index < lines.length &&
    (/^import .*;$/.test(lines[index] ?? "") || (lines[index] === "" && imports.length > 0))
  ) {
    if (lines[index] !== "") imports.push(lines[index] as string);
    index++;
  }
  if (!imports.includes(added)) imports.push(added);
  const source = (line: string) => /from "([^"]+)";$/.exec(line)?.[1] ?? "";
  imports.sort((a, b) => {
    const [x, y] = [rank(source(a)), rank(source(b))];
    return x[0] - y[0] || x[1] - y[1] || compareSources(source(a), source(b));
  });
  const rest = lines.slice(index);
  return [...imports, ...(rest[0] === "" ? [] : [""]), ...rest].join("\n");
}

/** The array literal `name` exports (`export const name = [...]`, `as const` allowed), found with magicast's parser. */
function exportedArray(code: string, name: string): Node | undefined {
  const ast = parseModule(code).$ast as unknown as Node;
  const declaration = walk(ast, (node) => {
    const id = node.id as Node | undefined;
    return node.type === "VariableDeclarator" && id?.name === name;
  });
  let init = declaration?.init as Node | undefined;
  while (init && (init.type === "TSAsExpression" || init.type === "TSSatisfiesExpression"))
    init = init.expression as Node;
  return init?.type === "ArrayExpression" ? init : undefined;
}

/** `element` spliced in at the end of the array; the array printed as Biome would (one line if it fits, else one per line). */
function appendToArray(code: string, array: Node, element: string): string {
  const start = array.start as number;
  const end = array.end as number;
  const elements = (array.elements as Node[]).map((node) => code.slice(node.start as number, node.end as number));
  elements.push(element);
  const lineStart = code.lastIndexOf("\n", start) + 1;
  const lineEnd = code.indexOf("\n", end) === -1 ? code.length : code.indexOf("\n", end);
  const flat = `[${elements.join(", ")}]`;
  const indent = /^\s*/.exec(code.slice(lineStart))?.[0] ?? "";
  const fits = start - lineStart + flat.length + (lineEnd - end) <= 120;
  const printed = fits ? flat : `[\n${elements.map((item) => `${indent}  ${item},`).join("\n")}\n${indent}]`;
  return code.slice(0, start) + printed + code.slice(end);
}

/**
 * `element` at the end of the array literal `name` exports; every element must be of `kind` or a spread (`...base`:
 * the list goes on after it). Otherwise (the file was changed by hand) a ManualEditError with `edit`.
 */
function appendToExported(
  path: string,
  code: string,
  target: { name: string; kind: "Identifier"; what: string },
  element: string,
  edit: string,
): string {
  let array: Node | undefined;
  try {
    array = exportedArray(code, target.name);
  } catch (error) {
    throw manual(path, `could not be read (${error instanceof Error ? error.message : error})`, edit);
  }
  if (!array) throw manual(path, `no longer exports \`${target.name}\` as an array literal`, edit);
  const elements = array.elements as Node[];
  if (elements.some((node) => node?.type !== target.kind && node?.type !== "SpreadElement")) {
    throw manual(path, `lists something other than ${target.what} in \`${target.name}\``, edit);
  }
  return appendToArray(code, array, element);
}

/**
 * `src/modules.ts`: the module's import, and the module at the end of `modules`. A module the file already names
 * (the manual edit was made, wherever its list is) is left where it is: the advice, once followed, lets the next run
 * through.
 */
export function addToModuleList(path: string, code: string, exportName: string, file: string): string {
  const importLine = `import { ${exportName} } from "./${file}";`;
  // A model's module name is letters and digits only (from a PascalCase name): no regex escaping needed.
  const name = new RegExp(`\\b${exportName}\\b`);
  const imported = /^import\s*(?:type\s*)?{([^}]*)}/gm;
  const isImported = [...code.matchAll(imported)].some((match) => name.test(match[1] ?? ""));
  const withImport = (edited: string) => (isImported ? edited : sortImportBlock(edited, importLine));
  if (name.test(code.replace(imported, ""))) return withImport(code);
  const edit = `  ${importLine}\n  and ${exportName} at the end of the array: export const modules = [..., ${exportName}] as const;`;
  const target = { name: "modules", kind: "Identifier", what: "module names" } as const;
  return withImport(appendToExported(path, code, target, exportName, edit));
}

function walk(node: unknown, visit: (node: Node) => boolean): Node | undefined {
  if (!node || typeof node !== "object") return undefined;
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = walk(child, visit);
      if (found) return found;
    }
    return undefined;
  }
  const current = node as Node;
  if (typeof current.type === "string" && visit(current)) return current;
  for (const [key, value] of Object.entries(current)) {
    if (key === "loc" || key === "comments" || key === "leadingComments" || key === "trailingComments") continue;
    const found = walk(value, visit);
    if (found) return found;
  }
  return undefined;
}

/**
 * `test/support/test-app.ts`: once per project, the template's in-memory adapters get the added models' ones:
 * `appFromModules({ users, ...modelAdapters() }, …)`. The object is found with magicast's parser; the edit is a splice,
 * so the rest of the file keeps its formatting byte for byte.
 */
export function spreadModelAdapters(path: string, code: string): string {
  const importLine = `import { modelAdapters } from "./model-adapters.ts";`;
  const edit = `  ${importLine}\n  and \`...modelAdapters()\` in the adapters passed to appFromModules: appFromModules({ users, ...modelAdapters() }, options)`;
  // The edit already made (by hand, as printed): only the import may be missing.
  if (code.includes("...modelAdapters()")) return code.includes(importLine) ? code : sortImportBlock(code, importLine);
  let mod: ReturnType<typeof parseModule>;
  try {
    mod = parseModule(code);
  } catch (error) {
    throw manual(path, `could not be read (${error instanceof Error ? error.message : error})`, edit);
  }
  const call = walk(mod.$ast, (node) => {
    const callee = node.callee as Node | undefined;
    return node.type === "CallExpression" && callee?.type === "Identifier" && callee.name === "appFromModules";
  });
  const object = (call?.arguments as Node[] | undefined)?.[0];
  if (object?.type !== "ObjectExpression" || typeof object.start !== "number" || typeof object.end !== "number") {
    throw manual(path, "no longer calls appFromModules({ …adapters }, …) with an object literal", edit);
  }
  const text = code.slice(object.start, object.end);
  let replaced: string;
  if (!text.includes("\n")) {
    replaced = text.replace(/\s*}$/, ", ...modelAdapters() }").replace("{ , ", "{ ");
  } else {
    const indent = /\n(\s*)\S[^\n]*\n\s*}$/.exec(text)?.[1] ?? "  ";
    replaced = text.replace(/,?\s*\n(\s*)}$/, (_, closing: string) => `,\n${indent}...modelAdapters(),\n${closing}}`);
  }
  return sortImportBlock(withArguments(code, call as Node, [replaced]), importLine);
}

/**
 * The call with its first arguments replaced by `first`, printed as Biome would: on one line when it fits in 120
 * columns, else one argument per line.
 */
function withArguments(code: string, call: Node, first: string[]): string {
  const args = (call.arguments as Node[]).map((node) => code.slice(node.start as number, node.end as number));
  args.splice(0, first.length, ...first);
  const callee = call.callee as Node;
  const head = code.slice(call.start as number, callee.end as number);
  const lineStart = code.lastIndexOf("\n", call.start as number) + 1;
  const lineEnd = code.indexOf("\n", call.end as number) === -1 ? code.length : code.indexOf("\n", call.end as number);
  const before = code.slice(lineStart, call.start as number);
  const after = code.slice(call.end as number, lineEnd);
  const flat = `${head}(${args.join(", ")})`;
  const indent = /^\s*/.exec(before)?.[0] ?? "";
  const printed =
    before.length + flat.length + after.length <= 120
      ? flat
      : `${head}(\n${args.map((arg) => `${indent}  ${arg},`).join("\n")}\n${indent})`;
  return code.slice(0, call.start as number) + printed + code.slice(call.end as number);
}
