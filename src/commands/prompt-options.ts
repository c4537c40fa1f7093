import { consola } from "consola";
import { AVAILABLE, DATABASES, OBSERVABILITY_LEVELS, TEMPLATE_NAMES } from "../generate/choices.ts";
import { EXIT_FAILURE, EXIT_INTERRUPTED, ScaffoldError, usageError } from "../generate/errors.ts";
import { type GenerateOptions, type NewArgs, resolveOptions } from "../generate/options.ts";
import { projectNameProblem } from "../generate/project-name.ts";
import { out } from "./output.ts";

const cancelled = () => new ScaffoldError("Cancelled: nothing was written.", EXIT_INTERRUPTED);

async function ask<T>(prompt: Promise<T>): Promise<T> {
  try {
    return await prompt;
  } catch {
    throw cancelled();
  }
}

/**
 * Asks until the name is valid, explaining each invalid answer. A plain readline question: consola's text prompt
 * loses the typed value under Bun (its selects and confirms work on every runtime).
 */
async function askProjectName(initial: string | undefined): Promise<string> {
  const { createInterface } = await import("node:readline/promises");
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const controller = new AbortController();
  readline.on("SIGINT", () => controller.abort());
  try {
    for (;;) {
      const hint = initial ? ` (${initial})` : "";
      const answer = (await ask(readline.question(`? Project name${hint}: `, { signal: controller.signal }))).trim();
      const name = answer || initial || "";
      const problem = projectNameProblem(name);
      if (!problem) return name;
      out.warn(`Invalid project name "${name}": ${problem}.`);
    }
  } finally {
    readline.close();
  }
}

/** A choice the embedded templates do not generate is still offered (another --template-ref may), but marked. */
const select = <T extends string>(
  message: string,
  options: readonly T[],
  available: readonly string[],
  initial: T,
): Promise<T> => {
  const marked = options.map((value) =>
    available.includes(value) ? { value, label: value } : { value, label: value, hint: "not in this release" },
  );
  return ask(consola.prompt(message, { type: "select", options: marked, initial, cancel: "reject" })) as Promise<T>;
};

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
  const template = await select("Template", TEMPLATE_NAMES, AVAILABLE.template, "full");
  const database = await select("Database", DATABASES, AVAILABLE.database, "postgres");
  const observability =
    template === "full" ? await select("Observability", OBSERVABILITY_LEVELS, AVAILABLE.observability, "none") : "none";
  const options = resolveOptions({ ...args, name, template, database, observability });
  const summary = { project: name, template, database, observability };
  out.log(
    Object.entries(summary)
      .map(([key, value]) => `${key.padEnd(14)} ${value}`)
      .join("\n"),
  );
  const confirmed = await ask(
    consola.prompt("Create this project?", { type: "confirm", initial: true, cancel: "reject" }),
  );
  if (!confirmed) throw new ScaffoldError("Cancelled: nothing was written.", EXIT_FAILURE);
  return options;
}
