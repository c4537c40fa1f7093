import { existsSync } from "node:fs";
import { join } from "node:path";
import { type ArgsDef, defineCommand } from "citty";
import { applyPlan } from "../add-model/apply.ts";
import { OBSERVABILITY_LEVELS, type Observability } from "../generate/choices.ts";
import { EXIT_FAILURE, usageError } from "../generate/errors.ts";
import { checkCleanTree } from "../merge/clean-tree.ts";
import { hasConflicts, type MergePlan } from "../merge/plan-merge.ts";
import { planUpgrade, type UpgradePlan } from "../merge/plan-upgrade.ts";
import { helpArg } from "./args.ts";
import { confirm } from "./confirm.ts";
import { out } from "./output.ts";
import { mergeJson, printConflicts, printMergePlan } from "./print-merge.ts";
import { writeOrRestore } from "./write-or-restore.ts";

export const upgradeArgs = {
  to: {
    type: "string",
    valueHint: "ref",
    description: "The templates' tag, branch or commit to upgrade to (default: this scaffold's own templates)",
  },
  "template-source": {
    type: "string",
    valueHint: "source",
    description:
      "Where --to is fetched from (default: the project's recorded remote source), or a local templates directory",
  },
  observability: {
    type: "enum",
    alias: "o",
    options: [...OBSERVABILITY_LEVELS],
    valueHint: "level",
    description: "Change the observability level (full template) (default: the recorded one)",
  },
  template: { type: "string", valueHint: "name", description: "Not changeable: a project keeps its template" },
  database: { type: "string", valueHint: "name", description: "Not changeable: a project keeps its database" },
  yes: { type: "boolean", alias: "y", description: "Apply without asking" },
  "dry-run": { type: "boolean", alias: "n", description: "Print the plan, write nothing" },
  json: { type: "boolean", description: "Print the plan (and with --yes, the result) as one JSON object" },
  offline: { type: "boolean", description: "Use only cached templates, never download" },
  ...helpArg,
} as const satisfies ArgsDef;

const planJson = (plan: UpgradePlan, applied: boolean) => ({
  dryRun: !applied,
  from: plan.from,
  to: plan.to,
  ...mergeJson(plan.merge),
});

/** The entries as the writes of one transaction: new files, changed ones (conflict markers included), removed ones. */
function writesOf(merge: MergePlan, read: (path: string) => boolean) {
  const written = merge.entries.filter((entry) => entry.contents !== undefined);
  return {
    create: written
      .filter((entry) => !read(entry.path))
      .map(({ path, contents, mode }) => ({ path, contents: contents as string, mode })),
    change: written
      .filter((entry) => read(entry.path))
      .map(({ path, contents }) => ({ path, after: contents as string })),
    remove: merge.entries.filter((entry) => entry.outcome === "removed").map(({ path }) => path),
  };
}

export const upgradeCommand = defineCommand({
  meta: {
    name: "upgrade",
    description:
      "Bring this project to a newer release of the templates (or another observability level), merging their changes into your edits",
  },
  args: upgradeArgs,
  async run({ args }) {
    for (const key of ["template", "database"] as const) {
      if (args[key] !== undefined) {
        throw usageError(
          `--${key} cannot be changed by upgrade: a project's ${key} is its foundation. Generate a new project with scaffold new --${key} ${args[key]} and move your code into it.`,
        );
      }
    }
    const dryRun = Boolean(args["dry-run"]) || (Boolean(args.json) && !args.yes);
    const cwd = process.cwd();
    if (!dryRun) {
      const { readManifest } = await import("../add-model/project.ts");
      await checkCleanTree(readManifest(cwd, "scaffold upgrade").root, "scaffold upgrade");
    }
    const plan = await planUpgrade({
      to: args.to ?? null,
      templateSource: args["template-source"] ?? null,
      observability: args.observability as Observability | undefined,
      offline: Boolean(args.offline),
      cwd,
    });
    if (args.json && dryRun) {
      out.log(JSON.stringify(planJson(plan, false), null, 2));
      return;
    }
    const change =
      plan.from.observability === plan.to.observability
        ? ""
        : ` (observability ${plan.from.observability} -> ${plan.to.observability})`;
    if (plan.merge.entries.length === 0) {
      out.log(`${plan.name} is up to date with templates ${plan.to.version}${change}: nothing to change.`);
      return;
    }
    if (!args.json) {
      out.log(`Upgrade ${plan.name} from templates ${plan.from.version} to ${plan.to.version}${change}:`);
      printMergePlan(plan.merge);
    }
    if (dryRun) {
      out.log("Dry run: nothing was written.");
      return;
    }
    if (!args.yes && !(await confirm("scaffold upgrade", "Apply the upgrade?"))) {
      out.log("Not applied: nothing changed.");
      return;
    }
    await writeOrRestore("The upgrade", (signal) =>
      applyPlan(
        plan.root,
        writesOf(plan.merge, (path) => existsSync(join(plan.root, path))),
        signal,
      ),
    );
    if (args.json) {
      out.log(JSON.stringify(planJson(plan, true), null, 2));
      if (hasConflicts(plan.merge)) process.exitCode = EXIT_FAILURE;
      return;
    }
    out.success(`Upgraded ${plan.name} to templates ${plan.to.version}${change}; scaffold.json records it.`);
    const deleted = plan.merge.entries.filter((entry) => entry.outcome === "kept-deleted").map(({ path }) => path);
    if (deleted.length > 0) out.warn(`Not brought back, as you deleted them: ${deleted.join(", ")}.`);
    const check = "npm install (the lock file was left as it was), then npm run typecheck && npm test";
    if (printConflicts(plan.merge, check)) {
      process.exitCode = EXIT_FAILURE;
      return;
    }
    out.log(`Next: ${check}; git diff shows the upgrade.`);
  },
});
