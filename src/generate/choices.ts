import manifest from "../../templates/manifest.json" with { type: "json" };

/** The choices of `scaffold new` (kept free of zod: the CLI's help and flag checks import them at start-up). */
export const TEMPLATE_NAMES = ["minimal", "full", "graphql"] as const;
export const DATABASES = ["postgres", "mysql", "sqlite"] as const;
export const OBSERVABILITY_LEVELS = ["none", "basic", "advanced"] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export type Database = (typeof DATABASES)[number];
export type Observability = (typeof OBSERVABILITY_LEVELS)[number];

/** The choices the embedded templates generate (the help marks the others as not in this release). */
export const AVAILABLE: Readonly<Record<"template" | "database" | "observability", readonly string[]>> =
  manifest.available;
