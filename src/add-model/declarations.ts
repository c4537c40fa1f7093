import { type ImportSpec, importLines } from "./import-lines.ts";

/** A module as its leading imports and its top-level blocks (the statements between blank lines). */
interface Module {
  imports: ImportSpec[];
  blocks: string[];
}

const IMPORT = /^import (type )?\{([^}]*)\} from "([^"]+)";\n*/;

function parseModule(code: string): Module {
  const imports: ImportSpec[] = [];
  let rest = code;
  for (let match = IMPORT.exec(rest); match; match = IMPORT.exec(rest)) {
    const names = (match[2] as string)
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    imports.push({ from: match[3] as string, names, typeOnly: match[1] !== undefined });
    rest = rest.slice(match[0].length);
  }
  // A blank line followed by an unindented line ends a block: blank lines inside a function body do not.
  const blocks = rest
    .trim()
    .split(/\n\n(?=\S)/)
    .filter((block) => block !== "");
  return { imports, blocks };
}

/** The names a block declares at the top level (`export { a, b }` included). */
function declared(block: string): string[] {
  const names = [...block.matchAll(/^(?:export )?(?:async )?(?:const|function|type|interface|class) (\w+)/gm)].map(
    (match) => match[1] as string,
  );
  for (const match of block.matchAll(/^export \{([^}]+)\}/gm)) {
    names.push(...(match[1] as string).split(",").map((name) => name.trim()));
  }
  return names;
}

const uses = (block: string, name: string) => new RegExp(`\\b${name}\\b`).test(block);

/**
 * `target` (a project file's text, or undefined when it does not exist yet) with the declarations of `source` (a
 * helper file of the templates) that declare `names` and that `target` lacks, each with the declarations of `source`
 * it uses and the imports those need; imports of `self` (the target's own path, as `source` imports it) are left out.
 * Returns `target` unchanged when it declares them all.
 */
export function addDeclarations(target: string | undefined, source: string, names: string[], self: string): string {
  const into = parseModule(target ?? "");
  const from = parseModule(source);
  const has = new Set(into.blocks.flatMap(declared));
  const chosen = new Set<string>();
  const take = (name: string) => {
    if (has.has(name)) return;
    const block = from.blocks.find((candidate) => declared(candidate).includes(name));
    if (block === undefined || chosen.has(block)) return;
    chosen.add(block);
    for (const other of from.blocks.flatMap(declared)) if (uses(block, other)) take(other);
  };
  for (const name of names) take(name);
  if (chosen.size === 0) return target ?? "";
  const added = from.blocks.filter((block) => chosen.has(block));
  const needed = from.imports
    .filter((spec) => spec.from !== self)
    .map((spec) => {
      const used = (name: string) => added.some((block) => uses(block, name.replace(/^type /, "")));
      return { ...spec, names: spec.names.filter(used) };
    })
    .filter((spec) => spec.names.length > 0);
  const imports = importLines([...into.imports, ...needed]);
  return `${[imports.join("\n"), ...into.blocks, ...added].join("\n\n")}\n`;
}
