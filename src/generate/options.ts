import { z } from "zod/mini";
import { usageError } from "./errors.ts";
import { projectNameProblem } from "./project-name.ts";
import {
  DATABASES,
  type Database,
  OBSERVABILITY_LEVELS,
  type Observability,
  TEMPLATE_NAMES,
  type TemplateManifest,
  type TemplateName,
} from "./template-tree.ts";

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

const choice = <T extends readonly [string, ...string[]]>(flag: string, values: T) =>
  z.enum(values, {
    error: (issue) => `invalid --${flag} "${String(issue.input)}": use one of ${values.join(", ")}`,
  });

const optionalText = z._default(
  z.nullable(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((value: string) => value || null),
    ),
  ),
  null,
);

const flag = z._default(z.boolean(), false);

const schema = z
  .object({
    projectName: z.string({ error: "missing project name: run `scaffold new <project-name>`" }).check(
      z.superRefine((name, context) => {
        const problem = projectNameProblem(name);
        if (problem) context.addIssue({ code: "custom", message: `invalid project name "${name}": ${problem}` });
      }),
    ),
    template: z._default(choice("template", TEMPLATE_NAMES), "full"),
    database: z._default(choice("database", DATABASES), "postgres"),
    observability: z._default(choice("observability", OBSERVABILITY_LEVELS), "none"),
    templateRef: optionalText,
    templateSource: optionalText,
    offline: flag,
    force: flag,
    dryRun: flag,
    json: flag,
  })
  .check(
    z.superRefine((options, context) => {
      if (options.observability !== "none" && options.template !== "full") {
        context.addIssue({
          code: "custom",
          message: `--observability ${options.observability} needs --template full: drop --observability or use the full template`,
        });
      }
      if (options.json && !options.dryRun) {
        context.addIssue({ code: "custom", message: "--json only applies to a dry run: add --dry-run" });
      }
    }),
  );

/** Validates the raw arguments: valid options, or a usage error with the first problem and what to do about it. */
export function resolveOptions(args: NewArgs): GenerateOptions {
  const result = schema.safeParse({ ...args, projectName: args.name });
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? "invalid options";
  throw usageError(`${message.charAt(0).toUpperCase()}${message.slice(1)}.`);
}

/** Refuses choices that this template tree cannot generate yet (they arrive in later releases). */
export function checkAvailable(manifest: TemplateManifest, options: GenerateOptions): void {
  for (const key of ["template", "database", "observability"] as const) {
    const available: readonly string[] = manifest.available[key];
    if (!available.includes(options[key])) {
      throw usageError(
        `--${key} ${options[key]} is not available in templates ${manifest.version} yet (it arrives in a later release): use one of ${available.join(", ")}.`,
      );
    }
  }
}
