import { z } from "zod/mini";
import en from "zod/v4/locales/en.js";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "./choices.ts";
import { ScaffoldError } from "./errors.ts";
import { checkFormatVersion } from "./manifest.ts";
import type { TemplateManifest } from "./template-tree.ts";

// Only template trees read from disk are checked here (the embedded one was checked when the binary was built), so
// zod is loaded only on that path. zod/mini with English messages, which it does not load by default.
z.config(en());

const when = z.strictObject({
  template: z.optional(z.array(z.enum(TEMPLATE_NAMES))),
  database: z.optional(z.array(z.enum(DATABASES))),
  observability: z.optional(z.array(z.enum(OBSERVABILITY_LEVELS))),
});

const templateManifestSchema = z.object({
  formatVersion: z.int(),
  version: z.string(),
  available: z.object({
    template: z.array(z.enum(TEMPLATE_NAMES)),
    database: z.array(z.enum(DATABASES)),
    observability: z.array(z.enum(OBSERVABILITY_LEVELS)),
  }),
  layers: z.array(z.object({ dir: z.string(), when: z._default(when, {}) })),
});

/** The manifest of a template tree, checked: right format, valid shape. */
export function parseManifest(json: unknown, origin: string): TemplateManifest {
  checkFormatVersion(json, origin);
  const result = templateManifestSchema.safeParse(json);
  if (result.success) return result.data satisfies TemplateManifest;
  const issue = result.error.issues[0];
  throw new ScaffoldError(
    `The templates from ${origin} have an invalid manifest (${issue?.path.join(".")}: ${issue?.message}): check the template source.`,
  );
}
