import type { ArgsDef } from "citty";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../generate/choices.ts";

/** Listed so that help shows them; the dispatcher answers them, wherever they are, before any command runs. */
export const helpArg = {
  help: { type: "boolean", alias: "h", description: "Show this help" },
  version: { type: "boolean", alias: "v", description: "Show the version" },
} as const satisfies ArgsDef;

export const newArgs = {
  "project-name": {
    type: "positional",
    required: false,
    description: "Project directory and package name (lowercase letters, digits, - _ .)",
  },
  template: {
    type: "enum",
    alias: "t",
    options: [...TEMPLATE_NAMES],
    default: "full",
    valueHint: "name",
    description: "Template",
  },
  database: {
    type: "enum",
    alias: "d",
    options: [...DATABASES],
    default: "postgres",
    valueHint: "name",
    description: "Database",
  },
  observability: {
    type: "enum",
    alias: "o",
    options: [...OBSERVABILITY_LEVELS],
    default: "none",
    valueHint: "level",
    description: "Observability (full template only)",
  },
  interactive: { type: "boolean", alias: "i", description: "Ask for every choice (needs a terminal)" },
  "dry-run": { type: "boolean", alias: "n", description: "Print what would be created, write nothing" },
  json: { type: "boolean", description: "With --dry-run: print one JSON object" },
  "template-ref": {
    type: "string",
    valueHint: "ref",
    description: "Use the templates of a tag, branch or commit instead of the embedded ones",
  },
  "template-source": {
    type: "string",
    valueHint: "source",
    description:
      "Where templates are fetched from: giget source, https URL, local directory or .tar.gz (default: $SCAFFOLD_TEMPLATE_SOURCE or GitHub)",
  },
  offline: { type: "boolean", description: "Use only cached templates, never download" },
  force: { type: "boolean", description: "Replace a non-empty directory (the old one is moved aside, not deleted)" },
  ...helpArg,
} as const satisfies ArgsDef;

/** `scaffold <project-name> [flags]` is `scaffold new`, so the root help lists the same flags. */
export const rootArgs = newArgs;
