import type { Database, Observability, TemplateName } from "./choices.ts";

export type { Database, Observability, TemplateName } from "./choices.ts";
export { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "./choices.ts";

/** Template format this CLI understands; a template tree with another major format is refused. */
export const TEMPLATE_FORMAT_VERSION = 1;

/** `templates/manifest.json`, as checked by `parseManifest` (src/generate/manifest-schema.ts). */
export interface TemplateManifest {
  formatVersion: number;
  /** Version of the template tree (equals the CLI version it was released with). */
  version: string;
  /** Choices this tree can generate; the others are refused with a clear message. */
  available: { template: TemplateName[]; database: Database[]; observability: Observability[] };
  /** Ordered layers; a layer applies when every key of `when` lists the chosen value. Later layers override. */
  layers: {
    dir: string;
    when: { template?: TemplateName[]; database?: Database[]; observability?: Observability[] };
  }[];
}

export interface TemplateFile {
  contents: string;
  /** POSIX file mode, e.g. 0o644 or 0o755. */
  mode: number;
}

/** The whole `templates/` folder: its manifest and every file keyed by its path relative to `templates/`. */
export interface TemplateTree {
  manifest: TemplateManifest;
  files: Record<string, TemplateFile>;
}

export const MANIFEST_FILE = "manifest.json";
