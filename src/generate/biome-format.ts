import { createRequire } from "node:module";
import type { ProjectKey, Workspace } from "@biomejs/wasm-nodejs";

/** A file's text as the project's `biome check --write` leaves it (unchanged when Biome does not check the file). */
export type Formatter = (path: string, contents: string) => string;

/** Where the in-memory project lives: file paths are given to Biome under it, never read from the disk. */
const ROOT = "/project";

let workspace: Workspace | undefined;

/**
 * Biome's workspace, loaded once per process on first use: the module compiles its WebAssembly (tens of megabytes,
 * some hundreds of milliseconds) as it is loaded, which a command's `--help` should not wait for.
 */
function biome(): Workspace {
  if (!workspace) {
    // Bun gives ES modules `require` (its bundler embeds what the literal call names); Node.js does not.
    const wasm = (
      typeof require === "function"
        ? require("@biomejs/wasm-nodejs")
        : createRequire(import.meta.url)("@biomejs/wasm-nodejs")
    ) as typeof import("@biomejs/wasm-nodejs");
    wasm.main();
    workspace = new wasm.Workspace();
  }
  return workspace;
}

function parseConfiguration(biomeJson: string): object {
  try {
    const { $schema: _schema, ...configuration } = JSON.parse(biomeJson) as Record<string, unknown>;
    return configuration;
  } catch (error) {
    throw new Error(`biome.json is not valid JSON (${(error as Error).message}): fix it, then run the command again.`);
  }
}

/**
 * Formats as the project's own Biome does, with Biome's formatter and import organizer compiled to WebAssembly, so
 * the generator writes the same bytes whether or not the project's dependencies are installed. `biomeJson` is the
 * project's biome.json (undefined: Biome's defaults, as its CLI would use). Files the configuration leaves out
 * (`files.includes`), or that Biome cannot handle (Markdown, SQL…), come back as they are.
 */
export function projectFormatter(biomeJson: string | undefined): Formatter {
  const workspace = biome();
  const { projectKey } = workspace.openProject({ path: ROOT, openUninitialized: true });
  const configuration = biomeJson === undefined ? {} : parseConfiguration(biomeJson);
  try {
    workspace.updateSettings({ projectKey, configuration, workspaceDirectory: ROOT });
  } catch (error) {
    throw new Error(`Biome rejects the project's biome.json: ${(error as Error).message}`);
  }
  // add-model renders every model's files before and after its run: most are the same text twice.
  const formatted = new Map<string, string>();
  return (path, contents) => {
    const key = `${path}\0${contents}`;
    let result = formatted.get(key);
    if (result === undefined) {
      result = formatFile(workspace, projectKey, `${ROOT}/${path}`, contents);
      formatted.set(key, result);
    }
    return result;
  };
}

function formatFile(workspace: Workspace, projectKey: ProjectKey, path: string, contents: string): string {
  const features = workspace.fileFeatures({ projectKey, path, features: ["format"] }).featuresSupported;
  if (features.format !== "supported") return contents;
  workspace.openFile({ projectKey, path, content: { type: "fromClient", content: contents, version: 0 } });
  try {
    // What `biome check --write` changes in lint-clean code: the assist's actions (imports organized), then the
    // layout. Lint fixes are left out: generated code must pass the linter as written, not be repaired here.
    return workspace.fixFile({
      projectKey,
      path,
      fixFileMode: "safeFixes",
      shouldFormat: true,
      ruleCategories: ["syntax", "action"],
    }).code;
  } catch (error) {
    throw new Error(`Biome cannot format ${path.slice(ROOT.length + 1)}: ${(error as Error).message}`);
  } finally {
    workspace.closeFile({ projectKey, path });
  }
}
