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
 * `prompt`, or a rejection once the terminal's input ends: Ctrl-D (a plain byte in the raw mode of the prompts, or
 * what `script` and terminals send when their input closes) or a closed stdin. consola's selects and confirms
 * ignore both and never settle: Node.js then exits 13 on the unsettled await, Bun spins at full CPU.
 */
async function untilInputEnds<T>(prompt: Promise<T>): Promise<T> {
  const { emitKeypressEvents } = await import("node:readline");
  emitKeypressEvents(process.stdin);
  let stop = () => {};
  const ended = new Promise<never>((_, reject) => {
    const onKey = (_text: string | undefined, key?: { ctrl?: boolean; name?: string }) => {
      if (key?.ctrl && key.name === "d") onEnd();
    };
    const onEnd = () => {
      // The abandoned prompt leaves the terminal raw and the cursor hidden.
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
      process.stdout.write("\u001b[?25h\n");
      reject(new Error("end of input"));
    };
    process.stdin.on("keypress", onKey).once("end", onEnd);
    stop = () => process.stdin.off("keypress", onKey).off("end", onEnd);
  });
  try {
    return await ask(Promise.race([prompt, ended]));
  } finally {
    stop();
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

/** The flag's value as the question's starting answer (check-flags has refused values outside `options`). */
const choice = <T extends string>(options: readonly T[], value: string | undefined, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

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
  return untilInputEnds(
    consola.prompt(message, { type: "select", options: marked, initial, cancel: "reject" }),
  ) as Promise<T>;
};

/**
 * Interactive mode: asks for the name (validated as typed), template, database and observability (full only), then
 * confirms. A name or configuration flag given on the command line is the question's starting answer (Enter keeps
 * it); --template-ref, --template-source, --offline and --force apply as given.
 */
export async function promptOptions(args: NewArgs): Promise<GenerateOptions> {
  if (args.dryRun) throw usageError("--interactive cannot be combined with --dry-run: drop one of them.");
  if (!process.stdin.isTTY) {
    throw new ScaffoldError(
      "--interactive needs a terminal (stdin is not one): run it in a terminal, or pass the project name and flags instead.",
    );
  }
  const name = await askProjectName(args.name);
  const template = await select(
    "Template",
    TEMPLATE_NAMES,
    AVAILABLE.template,
    choice(TEMPLATE_NAMES, args.template, "full"),
  );
  const database = await select(
    "Database",
    DATABASES,
    AVAILABLE.database,
    choice(DATABASES, args.database, "postgres"),
  );
  const observability =
    template === "full"
      ? await select(
          "Observability",
          OBSERVABILITY_LEVELS,
          AVAILABLE.observability,
          choice(OBSERVABILITY_LEVELS, args.observability, "none"),
        )
      : "none";
  const options = resolveOptions({ ...args, name, template, database, observability });
  const summary = { project: name, template, database, observability };
  out.log(
    Object.entries(summary)
      .map(([key, value]) => `${key.padEnd(14)} ${value}`)
      .join("\n"),
  );
  const confirmed = await untilInputEnds(
    consola.prompt("Create this project?", { type: "confirm", initial: true, cancel: "reject" }),
  );
  if (!confirmed) throw new ScaffoldError("Cancelled: nothing was written.", EXIT_FAILURE);
  return options;
}
