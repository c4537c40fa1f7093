import { compareSources } from "../add-model/import-lines.ts";

/**
 * Base's `src/modules.ts` lists the project's modules: every `src/<folder>/<name>.module.ts` the chosen layers
 * bring, each exporting `<name>Module` (camelCase). A layer adds a module by adding its file; no layer replaces the
 * list. These are the values of its two placeholders (the imports include `Wired`, which checks the list).
 */
const MODULE_FILE = /^src\/((?:[a-z][a-z0-9-]*\/)+)([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.module\.ts$/;

const exportName = (name: string) =>
  `${name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Module`;

export function moduleListPlaceholders(paths: Iterable<string>): Record<string, string> {
  const modules = [...paths]
    .map((path) => MODULE_FILE.exec(path))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, folder, name]) => ({ file: `./${folder}${name}.module.ts`, name: name as string }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // `Wired` is the list's compile-time check of the wiring.
  const imports = [
    ...modules.map(({ file, name }) => ({ file, line: `import { ${exportName(name)} } from "${file}";\n` })),
    { file: "./platform/module.ts", line: `import type { Wired } from "./platform/module.ts";\n` },
  ];
  return {
    // Imports in Biome's order (by path), the list in start-up order (by name). A blank line ends the imports.
    __MODULE_IMPORTS__: imports
      .sort((a, b) => compareSources(a.file, b.file))
      .map(({ line }) => line)
      .join(""),
    __MODULE_LIST__: modules.map(({ name }) => exportName(name)).join(", "),
  };
}
