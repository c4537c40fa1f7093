import { isAbsolute, relative, resolve, sep } from "node:path";
import pkg from "../../package.json" with { type: "json" };
import { cacheRoot, templateSource } from "./environment.ts";
import { checkAvailable, type GenerateOptions } from "./options.ts";
import { type PlannedFile, planProject } from "./plan.ts";
import { initRepository, type PostResult, postGenerate, type Repository } from "./post-generate.ts";
import { type LoadedTemplates, loadTemplates } from "./template-source.ts";
import { inspectTarget, type TargetState, targetIsFile, targetNotEmpty, writeProject } from "./write-project.ts";

/** What `scaffold new` will write, computed before anything is written (a dry run prints it). */
export interface Generation {
  options: GenerateOptions;
  target: string;
  targetState: TargetState;
  templates: LoadedTemplates;
  files: PlannedFile[];
}

export interface Generated {
  /** Where a non-empty target was moved by `--force`, or null. */
  backup: string | null;
  post: PostResult;
}

/**
 * A local templates folder as scaffold.json records it: relative to the project (`../templates`), so that the project
 * can still be replayed (by add-model and upgrade) once both are moved or checked out elsewhere.
 */
export function recordedSource(source: string | null, target: string): string | null {
  if (source === null || !isAbsolute(source)) return source;
  const path = relative(resolve(target), source);
  // Another drive (Windows) has no relative path: the absolute one is all there is.
  if (isAbsolute(path)) return source;
  const posix = path.split(sep).join("/");
  return posix.startsWith("..") ? posix : `./${posix}`;
}

/** Loads the templates and plans the project for `target`; refuses a target it may not write (but for a dry run). */
export async function planGeneration(options: GenerateOptions, target: string, cwd: string): Promise<Generation> {
  const targetState = inspectTarget(target);
  if (targetState === "file" && !options.dryRun) throw targetIsFile(target);
  if (targetState === "not-empty" && !options.force && !options.dryRun) throw targetNotEmpty(target);
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
  const files = planProject(templates.tree, {
    ...options,
    templateRef: templates.ref,
    templateSource: recordedSource(templates.source, target),
    cliVersion: pkg.version,
  });
  return { options, target, targetState, templates, files };
}

/** Writes the planned project (all or nothing), `.env` and the initial commit. */
export async function writeGeneration({ options, target, files }: Generation): Promise<Generated> {
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
  return { backup, post };
}
