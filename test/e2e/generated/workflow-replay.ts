import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommandResult, node24Bin, repoBin, runCommand } from "../../support/generated-project.ts";
import { networkEnv } from "../../support/network-env.ts";
import { runAroundLockGap } from "../../support/npm-lock-gap.ts";

/**
 * A GitHub Actions workflow of a generated project, run on this machine job by job (each matrix entry a job of its
 * own, each job in a fresh checkout, as on fresh runners). `run:` steps run as Actions runs them (bash -eo pipefail);
 * the `uses:` actions are stood in for by this machine's tools: checkout by a `git clone`, setup-node by the
 * repository's Node.js 24, setup-deno by its Deno. Only what the templates use is understood; anything else is an
 * error, so a new construct in a template must be taught here first.
 */
interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  if?: string;
}
interface Job {
  name?: string;
  "runs-on": string;
  strategy?: { matrix: Record<string, unknown[]> };
  steps: Step[];
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: Record<string, Job>;
}

export interface JobRun {
  job: string;
  matrix: Record<string, string>;
  /** Every step's output, in order, labelled. */
  log: string;
}

const allowed = {
  workflow: ["name", "on", "jobs"],
  job: ["name", "runs-on", "strategy", "steps"],
  step: ["name", "uses", "with", "run", "if"],
  setupNode: ["node-version", "cache", "cache-dependency-path"],
};

function checkKeys(what: keyof typeof allowed, value: object, where: string): void {
  const unknown = Object.keys(value).filter((key) => !allowed[what].includes(key));
  if (unknown.length > 0) throw new Error(`${where}: keys this replay does not know: ${unknown.join(", ")}`);
}

/** `${{ matrix.x }}` and nothing else. */
function expand(text: string, matrix: Record<string, string>): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const key = /^matrix\.(\w+)$/.exec(expression)?.[1];
    if (key === undefined || !(key in matrix)) throw new Error(`expression not understood: \${{ ${expression} }}`);
    return matrix[key] as string;
  });
}

/** `matrix.x == 'value'` / `!=`. */
function condition(expression: string, matrix: Record<string, string>): boolean {
  const match = /^matrix\.(\w+)\s*(==|!=)\s*'([^']*)'$/.exec(expression.trim());
  if (!match || !((match[1] as string) in matrix)) throw new Error(`if: not understood: ${expression}`);
  return (matrix[match[1] as string] === match[3]) === (match[2] === "==");
}

function matrixEntries(job: Job): Record<string, string>[] {
  let entries: Record<string, string>[] = [{}];
  for (const [key, values] of Object.entries(job.strategy?.matrix ?? {})) {
    if (!Array.isArray(values)) throw new Error(`matrix.${key}: only lists are understood`);
    entries = entries.flatMap((entry) => values.map((value) => ({ ...entry, [key]: String(value) })));
  }
  return entries;
}

/**
 * What setup-node checks before it restores npm's cache (the cache itself is not stood in for): the files that key it,
 * `cache-dependency-path` (a glob) or else a lock file in the workspace, must exist, or the step fails.
 */
function setupNodeCache(workspace: string, settings: Record<string, unknown>): void {
  if (settings.cache !== "npm") throw new Error(`setup-node: only cache: npm is stood in for`);
  const pattern = settings["cache-dependency-path"];
  if (pattern !== undefined) {
    if ([...new Bun.Glob(String(pattern)).scanSync({ cwd: workspace, dot: true })].length === 0)
      throw new Error(`setup-node: Some specified paths were not resolved, unable to cache dependencies (${pattern})`);
    return;
  }
  const lockFiles = ["package-lock.json", "npm-shrinkwrap.json", "yarn.lock"];
  if (!lockFiles.some((file) => existsSync(join(workspace, file))))
    throw new Error(
      `setup-node: Dependencies lock file is not found in ${workspace}. Supported file patterns: ${lockFiles.join(",")}`,
    );
}

/** A folder with only `deno` in it, as setup-deno leaves on PATH (the repository's `.bin` holds more than that). */
async function denoOnly(into: string): Promise<string> {
  const dir = join(into, "setup-deno");
  await mkdir(dir);
  await symlink(join(repoBin, "deno"), join(dir, "deno"));
  return dir;
}

async function runJob(projectDir: string, jobId: string, job: Job, matrix: Record<string, string>): Promise<JobRun> {
  const scratch = await mkdtemp(join(tmpdir(), `scaffold-workflow-${jobId}-`));
  const workspace = join(scratch, "workspace");
  const toolDirs: string[] = [];
  let log = "";
  try {
    for (const [index, step] of job.steps.entries()) {
      checkKeys("step", step, `jobs.${jobId}.steps[${index}]`);
      if (step.if !== undefined && !condition(step.if, matrix)) continue;
      const label = step.name ?? step.uses ?? step.run?.split("\n")[0];
      if (step.uses) {
        const [action, version] = step.uses.split("@");
        if (action === "actions/checkout" && version === "v4") {
          // The project exactly as committed: whatever is only in the working folder (node_modules, a lock file
          // written by a local `npm install`) is not on a fresh runner either.
          const clone = await runCommand("git", ["clone", "-q", projectDir, workspace], { cwd: scratch });
          if (clone.code !== 0) throw new Error(`checkout: ${clone.output}`);
        } else if (action === "actions/setup-node" && version === "v4") {
          checkKeys("setupNode", step.with ?? {}, `jobs.${jobId}.steps[${index}].with`);
          if (String(step.with?.["node-version"]) !== "24") throw new Error(`setup-node: only node-version 24 is here`);
          if (step.with?.cache !== undefined) setupNodeCache(workspace, step.with);
          toolDirs.unshift(node24Bin);
        } else if (action === "denoland/setup-deno" && version === "v2") {
          if (step.with?.["deno-version"] !== "v2.x") throw new Error("setup-deno: only deno-version v2.x is here");
          toolDirs.unshift(await denoOnly(scratch));
        } else {
          throw new Error(`action not stood in for: ${step.uses}`);
        }
        log += `\n## ${label}: stood in for\n`;
        continue;
      }
      if (step.run === undefined) throw new Error(`jobs.${jobId}.steps[${index}]: neither uses nor run`);
      const script = join(scratch, `step-${index}.sh`);
      const text = expand(step.run, matrix);
      const env = {
        ...networkEnv(),
        HOME: process.env.HOME ?? scratch,
        PATH: [...toolDirs, "/usr/local/bin", "/usr/bin", "/bin"].join(":"),
        CI: "true",
        GITHUB_ACTIONS: "true",
        GITHUB_WORKSPACE: workspace,
      };
      const run = async (body: string): Promise<CommandResult> => {
        await writeFile(script, body);
        return runCommand("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
          cwd: workspace,
          env,
          timeoutMs: 600_000,
        });
      };
      const result = await runAroundLockGap(text, join(workspace, "package-lock.json"), env, run);
      log += `\n## ${label}\n${result.output}`;
      if (result.code !== 0) {
        throw new Error(
          `job ${jobId} ${JSON.stringify(matrix)}, step "${label}" exited with ${result.code}\n${log.slice(-6_000)}`,
        );
      }
    }
    return { job: jobId, matrix, log };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Every job of `.github/workflows/<file>` and matrix entry, one after the other; throws at the first failing step. */
export async function replayWorkflow(projectDir: string, file: string): Promise<JobRun[]> {
  const workflow = Bun.YAML.parse(await readFile(join(projectDir, ".github", "workflows", file), "utf8")) as Workflow;
  checkKeys("workflow", workflow, file);
  const runs: JobRun[] = [];
  for (const [jobId, job] of Object.entries(workflow.jobs)) {
    checkKeys("job", job, `jobs.${jobId}`);
    if (job["runs-on"] !== "ubuntu-latest")
      throw new Error(`jobs.${jobId}: runs-on ${job["runs-on"]} is not this machine`);
    for (const matrix of matrixEntries(job)) runs.push(await runJob(projectDir, jobId, job, matrix));
  }
  return runs;
}
