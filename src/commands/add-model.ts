import { defineCommand } from "citty";
import { executePlan } from "../add-model/execute.ts";
import { type MigrationResult, migrationCommand } from "../add-model/migration.ts";
import type { AddModelPlan, AddModelRequest } from "../add-model/plan.ts";
import { readProject } from "../add-model/project.ts";
import { EXIT_FAILURE } from "../generate/errors.ts";
import { planAddModelMerge } from "../merge/add-model-merge.ts";
import { hasConflicts, type MergePlan } from "../merge/plan-merge.ts";
import { helpArg } from "./args.ts";
import { confirm } from "./confirm.ts";
import { out } from "./output.ts";
import { mergeJson, printConflicts, printMergePlan } from "./print-merge.ts";
import { writeOrRestore } from "./write-or-restore.ts";

export const addModelArgs = {
  "model-name": { type: "positional", required: true, description: "The model, in PascalCase (Product, BlogPost)" },
  fields: {
    type: "string",
    valueHint: "spec",
    description:
      'Fields: "name:type[:modifier…],…"; types string int uint float64 bool time; modifiers unique not_null index',
  },
  "belongs-to": {
    type: "string",
    valueHint: "Model",
    description: "A parent model (repeatable): <parent>_id, nested routes",
  },
  "has-many": {
    type: "string",
    valueHint: "Model",
    description: "A child model to include (repeatable; alone: on an existing model)",
  },
  public: { type: "boolean", description: "No access token in front of the routes (full template)" },
  plural: {
    type: "string",
    valueHint: "word",
    description: "The plural for routes and names (default: English rules)",
  },
  yes: { type: "boolean", alias: "y", description: "Apply without asking" },
  "dry-run": { type: "boolean", alias: "n", description: "Print the plan, write nothing" },
  json: { type: "boolean", description: "Print the plan (and with --yes, the result) as one JSON object" },
  ...helpArg,
} as const;

/** Every value of a repeatable flag: `--has-many A --has-many=B`. */
function repeated(rawArgs: readonly string[], flag: string): string[] {
  const values: string[] = [];
  const camel = flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  for (let i = 0; i < rawArgs.length; i++) {
    const token = rawArgs[i] ?? "";
    if (token === "--") break;
    for (const spelling of [`--${flag}`, `--${camel}`]) {
      if (token === spelling && rawArgs[i + 1] !== undefined) values.push(rawArgs[++i] as string);
      else if (token.startsWith(`${spelling}=`)) values.push(token.slice(spelling.length + 1));
    }
  }
  return values.flatMap((value) => value.split(",")).map((value) => value.trim());
}

export const planJson = (plan: AddModelPlan, merge: MergePlan, applied: boolean, migration?: MigrationResult) => ({
  dryRun: !applied,
  model: plan.model.name,
  addsModel: plan.addsModel,
  create: plan.create.map(({ path, contents }) => ({ path, bytes: Buffer.byteLength(contents) })),
  change: plan.change.map(({ path }) => path),
  ...mergeJson(merge),
  migration: plan.migration && {
    name: plan.migration,
    ...(migration ? (migration.ran ? { files: migration.files } : { command: migration.command }) : {}),
  },
  notices: plan.notices,
});

function printPlan(plan: AddModelPlan, merge: MergePlan): void {
  const verb = plan.addsModel
    ? `Add model ${plan.model.name}`
    : `Relate ${plan.model.name} (--has-many ${plan.model.hasMany.join(", ")})`;
  out.log(`${verb}:`);
  printMergePlan(merge);
  out.log(
    plan.migration
      ? `  migration: drizzle/ …_${plan.migration}.sql (drizzle-kit generate when installed)`
      : "  migration: none (no table changes)",
  );
}

export const addModelCommand = defineCommand({
  meta: {
    name: "add-model",
    description: "Add a resource (model, table, migration, routes or GraphQL operations, tests) to this project",
  },
  args: addModelArgs,
  async run({ args, rawArgs }) {
    const project = readProject(process.cwd());
    const request: AddModelRequest = {
      name: args["model-name"],
      fields: args.fields,
      belongsTo: repeated(rawArgs, "belongs-to"),
      hasMany: repeated(rawArgs, "has-many"),
      public: Boolean(args.public),
      plural: args.plural,
    };
    const { plan, merge } = await planAddModelMerge(project, request, new Date());
    for (const notice of plan.notices) out.warn(notice);
    const dryRun = Boolean(args["dry-run"]) || (Boolean(args.json) && !args.yes);
    if (args.json && dryRun) {
      out.log(JSON.stringify(planJson(plan, merge, false), null, 2));
      return;
    }
    if (!args.json) printPlan(plan, merge);
    if (dryRun) {
      out.log("Dry run: nothing was written.");
      return;
    }
    // No is an answer, not a failure: exit 0. Only Ctrl-C or the end of input cancels (130).
    if (!args.yes && !(await confirm("add-model", "Apply these changes?"))) {
      out.log("Not applied: nothing changed.");
      return;
    }
    const { migration } = await writeOrRestore("add-model", (signal) => executePlan(project.root, plan, signal));
    if (args.json) {
      out.log(JSON.stringify(planJson(plan, merge, true, migration), null, 2));
      if (hasConflicts(merge)) process.exitCode = EXIT_FAILURE;
      return;
    }
    printSummary(plan, merge, migration, project.template);
  },
});

function printSummary(
  plan: AddModelPlan,
  merge: MergePlan,
  migration: MigrationResult | undefined,
  template: string,
): void {
  out.success(
    `${plan.addsModel ? "Added" : "Related"} ${plan.model.name}: ${plan.create.length} files created, ${plan.change.length} changed.`,
  );
  const deleted = merge.entries.filter((entry) => entry.outcome === "kept-deleted").map(({ path }) => path);
  if (deleted.length > 0) out.warn(`Not written, as you deleted them: ${deleted.join(", ")}.`);
  if (migration?.ran)
    out.log(`Migration: ${migration.files.filter((file) => file.endsWith(".sql")).join(", ")} (applied at start-up).`);
  else if (plan.migration) {
    out.log(
      `Migration: drizzle-kit is not installed here; run \`npm install\`, then \`${migrationCommand(plan.migration)}\` (start-up applies it).`,
    );
  }
  const sdl = plan.create.find(({ path }) => path.endsWith(".graphql"))?.path ?? "the models' .graphql files";
  const where = template === "graphql" ? `the operations are in ${sdl} (POST /graphql)` : "the routes are in /apidocs";
  if (printConflicts(merge, "npm run typecheck && npm test")) {
    process.exitCode = EXIT_FAILURE;
    return;
  }
  out.log(`Next: npm run typecheck && npm test, then npm start: ${where}.`);
}
