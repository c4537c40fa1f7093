/**
 * Base's `src/modules/index.ts` lists the project's modules: every `src/modules/<name>.module.ts` the chosen layers
 * bring, each exporting `<name>Module` (camelCase). A layer adds a module by adding its file; no layer replaces the
 * list. These are the values of its two placeholders.
 */
const MODULE_FILE = /^src\/modules\/([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.module\.ts$/;

const exportName = (name: string) =>
  `${name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Module`;

export function moduleListPlaceholders(paths: Iterable<string>): Record<string, string> {
  const names = [...paths]
    .map((path) => MODULE_FILE.exec(path)?.[1])
    .filter((name): name is string => name !== undefined)
    .sort();
  return {
    // A blank line ends the imports (there is always a module: each template brings one).
    __MODULE_IMPORTS__: names.map((name) => `import { ${exportName(name)} } from "./${name}.module.ts";\n`).join(""),
    __MODULE_LIST__: names.map(exportName).join(", "),
  };
}
