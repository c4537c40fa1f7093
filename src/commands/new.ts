import { resolve } from "node:path";
import { defineCommand } from "citty";
import pkg from "../../package.json" with { type: "json" };
import { cacheRoot, templateSource } from "../generate/environment.ts";
import { checkAvailable, type GenerateOptions, type NewArgs, resolveOptions } from "../generate/options.ts";
import { planProject } from "../generate/plan.ts";
import { initRepository, type PostResult, postGenerate, type Repository } from "../generate/post-generate.ts";
import { loadTemplates } from "../generate/template-source.ts";
import { inspectTarget, targetIsFile, targetNotEmpty, writeProject } from "../generate/write-project.ts";
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
  const cwd = process.cwd();
  const target = resolve(cwd, options.projectName);
  const state = inspectTarget(target);
  if (state === "file" && !options.dryRun) throw targetIsFile(target);
  if (state === "not-empty" && !options.force && !options.dryRun) throw targetNotEmpty(target);
  const fromSource = options.templateRef !== null || options.templateSource !== null;
  const templates = await loadTemplates({
    ref: options.templateRef,
    source: fromSource ? templateSource(options.templateSource) : null,
    offline: options.offline,
    cacheDir: cacheRoot(),
    cliVersion: pkg.version,
    cwd,
  });
  checkAvailable(templates.tree.manifest, options);
  const files = planProject(templates.tree, { ...options, templateRef: templates.ref, cliVersion: pkg.version });
  if (options.dryRun) {
    printDryRun({ options, target, targetState: state, templates, files });
    return;
  }
  let post: PostResult = { env: false, git: "no-git" };
  let repository: Promise<Repository> = Promise.resolve("no-git");
  const { backup } = await writeProject(files, target, {
    force: options.force,
    begin: (dir) => {
      repository = initRepository(dir);
      return repository;
    },
    prepare: async (dir) => {
      post = await postGenerate(dir, files, await repository);
    },
  });
  printNextSteps({ options, target, files: files.length, backup, post });
}
