import { resolve } from "node:path";
import { defineCommand } from "citty";
import { planGeneration, writeGeneration } from "../generate/generate-project.ts";
import { type GenerateOptions, type NewArgs, resolveOptions } from "../generate/options.ts";
import { newArgs } from "./args.ts";
import { printDryRun } from "./print-dry-run.ts";
import { printNextSteps } from "./print-next-steps.ts";

export const newCommand = defineCommand({
  meta: { name: "new", description: "Generate a new project in ./<project-name>" },
  args: newArgs,
  async run({ args }) {
    const raw: NewArgs = {
      name: args["project-name"],
      template: args.template,
      database: args.database,
      observability: args.observability,
      templateRef: args["template-ref"],
      templateSource: args["template-source"],
      offline: args.offline,
      force: args.force,
      dryRun: args["dry-run"],
      json: args.json,
    };
    const options = args.interactive
      ? await import("./prompt-options.ts").then((m) => m.promptOptions(raw))
      : resolveOptions(raw);
    await generate(options);
  },
});

async function generate(options: GenerateOptions): Promise<void> {
  const generation = await planGeneration(options, resolve(process.cwd(), options.projectName), process.cwd());
  if (options.dryRun) {
    printDryRun(generation);
    return;
  }
  const { backup, post } = await writeGeneration(generation);
  printNextSteps({ options, target: generation.target, files: generation.files.length, backup, post });
}
