/**
 * Base's `src/modules/index.ts` lists the project's modules: every `src/modules/<name>.module.ts` the chosen layers
 * bring, each exporting `<name>Module` (camelCase). A layer adds a module by adding its file; no layer replaces the
 * list. These are the values of its two placeholders (the imports include `Wired`, which checks the list).
 */
const MODULE_FILE = /^src\/modules\/([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.module\.ts$/;

const exportName = (name: string) =>
  `${name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Module`;

export function moduleListPlaceholders(paths: Iterable<string>): Record<string, string> {
  const names = [...paths]
    .map((path) => MODULE_FILE.exec(path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  // Sorted by the name that stands for each source: Biome's order, in which `./module.ts` falls where a module
  // named `module` would. Its `Wired` is the list's compile-time check of the wiring.
  const imports: Array<[name: string, line: string]> = [
    ...names.map((name): [string, string] => [name, `import { ${exportName(name)} } from "./${name}.module.ts";\n`]),
    ["module", `import type { Wired } from "./module.ts";\n`],
  ];
  imports.sort(([a], [b]) => (a < b ? -1 : 1));
  return {
    // A blank line ends the imports.
    __MODULE_IMPORTS__: imports.map(([, line]) => line).join(""),
    __MODULE_LIST__: names.map(exportName).join(", "),
  };
}
