import { z } from "zod/mini";
import en from "zod/v4/locales/en.js";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "./choices.ts";

// zod/mini (a third of full zod's start-up in the binary) with English messages, which it does not load by default.
z.config(en());

/** Template format this CLI understands; a template tree with another major format is refused. */
export const TEMPLATE_FORMAT_VERSION = 1;

export type { Database, Observability, TemplateName } from "./choices.ts";
export { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "./choices.ts";

const when = z.strictObject({
  template: z.optional(z.array(z.enum(TEMPLATE_NAMES))),
  database: z.optional(z.array(z.enum(DATABASES))),
  observability: z.optional(z.array(z.enum(OBSERVABILITY_LEVELS))),
});

export const templateManifestSchema = z.object({
  formatVersion: z.int(),
  /** Version of the template tree (equals the CLI version it was released with). */
  version: z.string(),
  /** Choices this tree can generate; the others are refused with a clear message. */
  available: z.object({
    template: z.array(z.enum(TEMPLATE_NAMES)),
    database: z.array(z.enum(DATABASES)),
    observability: z.array(z.enum(OBSERVABILITY_LEVELS)),
  }),
  /** Ordered layers; a layer applies when every key of `when` lists the chosen value. Later layers override. */
  layers: z.array(z.object({ dir: z.string(), when: z._default(when, {}) })),
});
export type TemplateManifest = z.infer<typeof templateManifestSchema>;

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
