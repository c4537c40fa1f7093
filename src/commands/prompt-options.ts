import { consola } from "consola";
import { EXIT_FAILURE, EXIT_INTERRUPTED, ScaffoldError, usageError } from "../generate/errors.ts";
import { type GenerateOptions, type NewArgs, resolveOptions } from "../generate/options.ts";
import { projectNameProblem } from "../generate/project-name.ts";
import { DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../generate/template-tree.ts";

const cancelled = () => new ScaffoldError("Cancelled: nothing was written.", EXIT_INTERRUPTED);

async function ask<T>(prompt: Promise<T>): Promise<T> {
  try {
    return await prompt;
  } catch {
    throw cancelled();
  }
}

/** Asks until the name is valid; each invalid answer is explained and offered again for editing. */
async function askProjectName(initial: string | undefined): Promise<string> {
  let name = initial;
  for (;;) {
    name = (
      await ask(
        consola.prompt("Project name", { type: "text", placeholder: "my-api", initial: name, cancel: "reject" }),
      )
    ).trim();
    const problem = projectNameProblem(name);
    if (!problem) return name;
    consola.warn(`Invalid project name "${name}": ${problem}.`);
  }
}

/**
 * Interactive mode: asks for the name (validated as typed), template, database and observability (full only), then
 * confirms. The configuration flags are ignored; --template-ref, --template-source, --offline and --force still apply.
 */
export async function promptOptions(args: NewArgs): Promise<GenerateOptions> {
  if (args.dryRun) throw usageError("--interactive cannot be combined with --dry-run: drop one of them.");
  if (!process.stdin.isTTY) {
    throw new ScaffoldError(
      "--interactive needs a terminal (stdin is not one): run it in a terminal, or pass the project name and flags instead.",
    );
  }
  const name = await askProjectName(args.name);
  const template = await ask(
    consola.prompt("Template", { type: "select", options: [...TEMPLATE_NAMES], initial: "full", cancel: "reject" }),
  );
  const database = await ask(
    consola.prompt("Database", { type: "select", options: [...DATABASES], initial: "postgres", cancel: "reject" }),
  );
  const observability =
    template === "full"
      ? await ask(
          consola.prompt("Observability", {
            type: "select",
            options: [...OBSERVABILITY_LEVELS],
            initial: "none",
            cancel: "reject",
          }),
        )
      : "none";
  const options = resolveOptions({ ...args, name, template, database, observability });
  consola.box(
    [
      `project        ${name}`,
      `template       ${template}`,
      `database       ${database}`,
      `observability  ${observability}`,
    ].join("\n"),
  );
  const confirmed = await ask(
    consola.prompt("Create this project?", { type: "confirm", initial: true, cancel: "reject" }),
  );
  if (!confirmed) throw new ScaffoldError("Cancelled: nothing was written.", EXIT_FAILURE);
  return options;
}
