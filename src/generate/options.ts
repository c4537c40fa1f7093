import {
  DATABASES,
  type Database,
  OBSERVABILITY_LEVELS,
  type Observability,
  TEMPLATE_NAMES,
  type TemplateName,
} from "./choices.ts";
import { usageError } from "./errors.ts";
import { projectNameProblem } from "./project-name.ts";
import type { TemplateManifest } from "./template-tree.ts";

/** What `scaffold new` was asked for, as parsed from the command line (or the prompts). */
export interface NewArgs {
  name?: string;
  template?: string;
  database?: string;
  observability?: string;
  templateRef?: string;
  templateSource?: string;
  offline?: boolean;
  force?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

export interface GenerateOptions {
  projectName: string;
  template: TemplateName;
  database: Database;
  observability: Observability;
  templateRef: string | null;
  templateSource: string | null;
  offline: boolean;
  force: boolean;
  dryRun: boolean;
  json: boolean;
}

/** One of `values`, or a usage error that lists them; absent means `fallback`. */
function choice<T extends string>(flag: string, values: readonly T[], value: string | undefined, fallback: T): T {
  if (value === undefined) return fallback;
  if ((values as readonly string[]).includes(value)) return value as T;
  throw usageError(`Invalid --${flag} "${value}": use one of ${values.join(", ")}.`);
}

/** A trimmed text flag; blank means not given. */
const optionalText = (value: string | undefined): string | null => value?.trim() || null;

/**
 * Validates the raw arguments: valid options, or a usage error with the first problem and what to do about it.
 * Plain checks rather than a schema library: this runs on every start-up of the binary, where loading zod would
 * cost a fifth of the generation time, for five fields.
 */
export function resolveOptions(args: NewArgs): GenerateOptions {
  if (args.name === undefined) throw usageError("Missing project name: run `scaffold new <project-name>`.");
  const problem = projectNameProblem(args.name);
  if (problem) throw usageError(`Invalid project name "${args.name}": ${problem}.`);
  const options: GenerateOptions = {
    projectName: args.name,
    template: choice("template", TEMPLATE_NAMES, args.template, "full"),
    database: choice("database", DATABASES, args.database, "postgres"),
    observability: choice("observability", OBSERVABILITY_LEVELS, args.observability, "none"),
    templateRef: optionalText(args.templateRef),
    templateSource: optionalText(args.templateSource),
    offline: args.offline ?? false,
    force: args.force ?? false,
    dryRun: args.dryRun ?? false,
    json: args.json ?? false,
  };
  if (options.observability !== "none" && options.template !== "full") {
    throw usageError(
      `--observability ${options.observability} needs --template full: drop --observability or use the full template.`,
    );
  }
  if (options.json && !options.dryRun) throw usageError("--json only applies to a dry run: add --dry-run.");
  return options;
}

/** "this release generates only --template full", or "use --observability none or basic". */
function instead(flag: string, values: readonly string[]): string {
  if (values.length === 1) return `this release generates only --${flag} ${values[0]}`;
  return `use --${flag} ${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

/** Refuses choices that this template tree cannot generate yet (they arrive in later releases). */
export function checkAvailable(manifest: TemplateManifest, options: GenerateOptions): void {
  for (const key of ["template", "database", "observability"] as const) {
    const available: readonly string[] = manifest.available[key];
    if (!available.includes(options[key])) {
      throw usageError(
        `--${key} ${options[key]} is not available in templates ${manifest.version} yet (it arrives in a later release): ${instead(key, available)}.`,
      );
    }
  }
}
