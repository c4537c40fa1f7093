import type { GenerateOptions } from "../generate/options.ts";
import type { PlannedFile } from "../generate/plan.ts";
import type { LoadedTemplates } from "../generate/template-source.ts";
import { directoriesOf, type TargetState } from "../generate/write-project.ts";
import { out } from "./output.ts";

export interface DryRun {
  options: GenerateOptions;
  target: string;
  targetState: TargetState;
  templates: LoadedTemplates;
  files: readonly PlannedFile[];
}

/** The same facts as the text output, as one object for scripts and editors. */
export function dryRunJson({ options, target, targetState, templates, files }: DryRun) {
  const warnings = {
    missing: [],
    empty: [`${target} already exists (empty): the project would replace it`],
    "not-empty": [`${target} already exists and is not empty: generating would need --force (it would be moved aside)`],
    file: [`${target} is a file, not a directory: generating would be refused, even with --force`],
  }[targetState];
  return {
    dryRun: true,
    project: options.projectName,
    target,
    targetExists: targetState !== "missing",
    template: options.template,
    database: options.database,
    observability: options.observability,
    templateRef: templates.ref,
    templateVersion: templates.tree.manifest.version,
    templatesFrom: templates.origin,
    files: files.map(({ path, mode, contents, layers }) => ({
      path,
      mode: mode.toString(8),
      bytes: Buffer.byteLength(contents),
      layers,
    })),
    summary: { files: files.length, directories: directoriesOf(files).length },
    afterWriting: [".env copied from .env.example", "git init and an initial commit (when git is installed)"],
    warnings,
  };
}

/** `path   base + full + db-sqlite`: a merged file names every layer that contributed, in order. */
function fileRows(files: readonly { path: string; layers: readonly string[] }[]): string {
  const width = Math.max(...files.map(({ path }) => path.length));
  const from = (layers: readonly string[]) => (layers.length === 0 ? "(written by scaffold)" : layers.join(" + "));
  return files.map(({ path, layers }) => `  ${path.padEnd(width)}  ${from(layers)}`).join("\n");
}

export function printDryRun(plan: DryRun): void {
  const report = dryRunJson(plan);
  if (plan.options.json) {
    out.log(JSON.stringify(report, null, 2));
    return;
  }
  const rows = [
    ["project", `${report.project} (${report.target})`],
    ["template", report.template],
    ["database", report.database],
    ["observability", report.observability],
    ["templates", `${report.templatesFrom}, version ${report.templateVersion}`],
  ];
  out.log(`Dry run: nothing will be written.\n\n${rows.map(([k, v]) => `  ${k?.padEnd(14)} ${v}`).join("\n")}\n`);
  out.log(`Files (and the template layers they come from):\n${fileRows(report.files)}\n`);
  out.log(
    `${report.summary.files} files in ${report.summary.directories} directories would be created in ${report.project}/, then .env and a git repository.`,
  );
  for (const warning of report.warnings) out.warn(warning);
}
