/** The published packages' package.json files, generated from the repository's own (the one source of versions). */

export interface RootManifest {
  version: string;
  license: string;
  description?: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export type PackageManifest = Record<string, unknown>;

export const CRUD_PACKAGE = "@scaffold-dev/crud";
export const CLI_PACKAGE = "@scaffold-dev/cli";
/** The Node.js both packages run on: the floor the generated projects declare too. */
export const NODE_ENGINE = ">=22.13";
export const REPOSITORY = { type: "git", url: "git+https://github.com/scaffold-dev/scaffold.git" };

/**
 * The oldest version of each framework peer the library is tested with (test/build/npm-packages.test.ts installs
 * exactly these): hono 4.10 is the floor of @hono/zod-openapi 1.x itself, zod 4.0 that of @hono/zod-openapi 1.0,
 * drizzle-orm 0.44.7 the oldest Drizzle tried. The repository develops against newer ones.
 */
export const PEER_FLOORS: Readonly<Record<string, string>> = {
  hono: "4.10.0",
  "drizzle-orm": "0.44.7",
  zod: "4.0.0",
  "@hono/zod-openapi": "1.0.0",
};

function pinned(root: RootManifest, name: string): string {
  const version = root.dependencies[name] ?? root.devDependencies[name];
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    throw new Error(`package.json: ${name} must be pinned to an exact version, found ${version}`);
  }
  return version;
}

/** `^x.y.z` for x >= 1; `>=0.y.z <1` for 0.x, whose minors npm's caret would treat as majors. */
function rangeFrom(floor: string): string {
  return floor.startsWith("0.") ? `>=${floor} <1` : `^${floor}`;
}

function peerRanges(root: RootManifest): Record<string, string> {
  const ranges: Record<string, string> = {};
  for (const [name, floor] of Object.entries(PEER_FLOORS)) {
    const major = (version: string) => (version.startsWith("0.") ? "0" : version.split(".")[0]);
    if (major(floor) !== major(pinned(root, name))) throw new Error(`${name}: floor ${floor} is another major`);
    ranges[name] = rangeFrom(floor);
  }
  return ranges;
}

/** @scaffold-dev/crud: compiled ESM with declarations; its frameworks are the user's (peers), GraphQL optional. */
export function crudManifest(root: RootManifest): PackageManifest {
  const optional = Object.keys(root.peerDependenciesMeta ?? {}).filter(
    (name) => root.peerDependenciesMeta?.[name]?.optional,
  );
  const peerDependencies = { ...peerRanges(root), ...root.peerDependencies };
  return {
    name: CRUD_PACKAGE,
    version: root.version,
    description: "Drizzle tables become documented, secured REST (and GraphQL) resources on Hono",
    license: root.license,
    repository: { ...REPOSITORY, directory: "src/crud" },
    type: "module",
    exports: {
      ".": { types: "./dist/index.d.ts", import: "./dist/index.js" },
      "./graphql": { types: "./dist/graphql/index.d.ts", import: "./dist/graphql/index.js" },
      "./package.json": "./package.json",
    },
    // The reference UI's vendored Swagger UI files, found by `import.meta.resolve` (src/crud/ui/index.ts).
    imports: { "#swagger-ui/*": "./swagger-ui/*" },
    files: ["dist", "src", "swagger-ui"],
    sideEffects: false,
    engines: { node: NODE_ENGINE },
    peerDependencies,
    peerDependenciesMeta: Object.fromEntries(optional.map((name) => [name, { optional: true }])),
  };
}

/** What scaffold.mjs does not bundle: Biome's WebAssembly, a file of its own that its module reads beside itself. */
export const CLI_EXTERNALS = ["@biomejs/wasm-nodejs"];

/**
 * @scaffold-dev/cli: one bundled file with the templates embedded; its one dependency is Biome's WebAssembly
 * (CLI_EXTERNALS), at the repository's version.
 */
export function cliManifest(root: RootManifest): PackageManifest {
  return {
    name: CLI_PACKAGE,
    version: root.version,
    description: root.description,
    license: root.license,
    repository: REPOSITORY,
    type: "module",
    bin: { scaffold: "./scaffold.mjs" },
    files: ["scaffold.mjs"],
    engines: { node: NODE_ENGINE },
    dependencies: Object.fromEntries(CLI_EXTERNALS.map((name) => [name, pinned(root, name)])),
  };
}
